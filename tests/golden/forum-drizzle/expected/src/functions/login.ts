// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiLoginBody } from "@/appgen/bodies";
import { jsonError } from "@/appgen/http";

/**
 * Handles POST config/routes/auth.json routes[1].
 * Return a JSON-serialisable value (sent with status 200) or a Response.
 */
export async function login(input: FunctionInput<PostApiLoginBody>): Promise<unknown> {
  void input;
  return jsonError(501, "Function login is not implemented yet");
}
