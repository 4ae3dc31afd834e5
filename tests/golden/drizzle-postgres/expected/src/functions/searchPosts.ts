// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { FunctionInput } from "@/appgen/handler";
import { jsonError } from "@/appgen/http";

/**
 * Handles GET config/routes/posts.json routes[6].
 * Return a JSON-serialisable value (sent with status 200) or a Response.
 */
export async function searchPosts(input: FunctionInput<undefined>): Promise<unknown> {
  void input;
  return jsonError(501, "Function searchPosts is not implemented yet");
}
