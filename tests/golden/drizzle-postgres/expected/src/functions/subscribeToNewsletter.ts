// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiNewsletterBody } from "@/appgen/bodies";
import { jsonError } from "@/appgen/http";

/**
 * Handles POST config/routes/newsletter.json routes[0].
 * Return a JSON-serialisable value (sent with status 200) or a Response.
 */
export async function subscribeToNewsletter(
  input: FunctionInput<PostApiNewsletterBody>,
): Promise<unknown> {
  void input;
  return jsonError(501, "Function subscribeToNewsletter is not implemented yet");
}
