// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { FunctionInput } from "@/appgen/handler";
import { jsonError } from "@/appgen/http";

/**
 * Handles GET config/routes/posts.json routes[13].
 * Return a JSON-serialisable value (sent with status 200) or a Response.
 *
 * `db` acts as the system: it reads and writes every record, whatever the models' access rules
 * say. To act for the caller, ask the rules (docs: "Access rules" in appgen's config reference):
 * `const caller = await callerOf(input.userId)` (from "@/appgen/access"), then read with
 * `<model>Access.where("read", caller)` and send `<model>Fields.hiding(records, caller)`.
 */
export async function postCensus(input: FunctionInput<undefined>): Promise<unknown> {
  void input;
  return jsonError(501, "Function postCensus is not implemented yet");
}
