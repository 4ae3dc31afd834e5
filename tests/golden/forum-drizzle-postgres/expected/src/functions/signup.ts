// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiSignupBody } from "@/appgen/bodies";
import { jsonError } from "@/appgen/http";

/**
 * Handles POST config/routes/auth.json routes[0].
 * Return a JSON-serialisable value (sent with status 200) or a Response.
 */
export async function signup(input: FunctionInput<PostApiSignupBody>): Promise<unknown> {
  void input;
  return jsonError(501, "Function signup is not implemented yet");
}
