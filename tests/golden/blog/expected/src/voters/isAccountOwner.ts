// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { VoterInput } from "@/appgen/handler";

/**
 * Decides whether a request may proceed: return true to allow, false to deny with 403.
 * It denies everything until you implement it, so a route is never opened by accident.
 */
export async function isAccountOwner(input: VoterInput): Promise<boolean> {
  void input;
  return false;
}
