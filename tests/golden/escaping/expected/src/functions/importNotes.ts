// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiNotesImportBody } from "@/appgen/bodies";
import { jsonError } from "@/appgen/http";

/**
 * Handles POST config/routes/notes.json routes[2].
 * Return a JSON-serialisable value (sent with status 200) or a Response.
 */
export async function importNotes(input: FunctionInput<PostApiNotesImportBody>): Promise<unknown> {
  void input;
  return jsonError(501, "Function importNotes is not implemented yet");
}
