// The blog example's rule for changing a post (PUT, PATCH and DELETE /api/posts/:id): only its
// author, signed in. Pages ask it too: a post's Edit and Delete are shown to its author only.
import type { VoterInput } from "@/appgen/handler";

export async function canEditPost(input: VoterInput): Promise<boolean> {
  return input.userId !== null && input.record?.userId === input.userId;
}
