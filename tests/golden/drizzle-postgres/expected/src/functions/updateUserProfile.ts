// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { FunctionInput } from "@/appgen/handler";
import type { PatchApiUsersByUserIdBody } from "@/appgen/bodies";
import { jsonError } from "@/appgen/http";

/**
 * Handles PATCH config/routes/users.json routes[3].
 * Return a JSON-serialisable value (sent with status 200) or a Response.
 */
export async function updateUserProfile(
  input: FunctionInput<PatchApiUsersByUserIdBody>,
): Promise<unknown> {
  void input;
  return jsonError(501, "Function updateUserProfile is not implemented yet");
}
