// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiUsersLoginBody } from "@/appgen/bodies";
import { jsonError } from "@/appgen/http";

/**
 * Handles POST config/routes/user.json routes[1].
 * Return a JSON-serialisable value (sent with status 200) or a Response.
 */
export async function logIn(input: FunctionInput<PostApiUsersLoginBody>): Promise<unknown> {
  void input;
  return jsonError(501, "Function logIn is not implemented yet");
}
