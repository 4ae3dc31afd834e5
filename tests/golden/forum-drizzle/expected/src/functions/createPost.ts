// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiPostsBody } from "@/appgen/bodies";
import { jsonError } from "@/appgen/http";

/**
 * Handles POST config/routes/posts.json routes[1].
 * Return a JSON-serialisable value (sent with status 200) or a Response.
 */
export async function createPost(input: FunctionInput<PostApiPostsBody>): Promise<unknown> {
  void input;
  return jsonError(501, "Function createPost is not implemented yet");
}
