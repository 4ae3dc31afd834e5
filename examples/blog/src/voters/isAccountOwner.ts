// The blog example's rule for changing an account (PATCH and DELETE /api/users/:userId): only
// that user, signed in.
import type { VoterInput } from "@/appgen/handler";

export async function isAccountOwner(input: VoterInput): Promise<boolean> {
  return input.userId !== null && input.params.userId === input.userId;
}
