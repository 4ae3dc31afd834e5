// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { FunctionInput } from "@/appgen/handler";
import { jsonError } from "@/appgen/http";

/**
 * Handles DELETE config/routes/users.json routes[4].
 * Return a JSON-serialisable value (sent with status 200) or a Response.
 */
export async function deleteAccount(input: FunctionInput<undefined>): Promise<unknown> {
  void input;
  return jsonError(501, "Function deleteAccount is not implemented yet");
}
