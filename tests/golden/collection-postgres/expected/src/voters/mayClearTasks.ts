// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { VoterInput } from "@/appgen/handler";

/**
 * Decides whether a request may proceed: return true to allow, false to deny with 403 before
 * anything changes. `input.userId` is the signed-in user (null on routes without `auth`), and
 * `input.record` the stored record on routes with `:id`.
 *
 * NOT IMPLEMENTED YET: it denies every request until you write the rule, so that a route is
 * never opened by accident.
 */
export async function mayClearTasks(input: VoterInput): Promise<boolean> {
  void input;
  return false;
}
