// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiArticlesImportBody } from "@/appgen/bodies";
import { jsonError } from "@/appgen/http";

/**
 * Handles POST config/routes/articles.json routes[8].
 * Return a JSON-serialisable value (sent with status 200) or a Response.
 */
export async function importArticles(
  input: FunctionInput<PostApiArticlesImportBody>,
): Promise<unknown> {
  void input;
  return jsonError(501, "Function importArticles is not implemented yet");
}
