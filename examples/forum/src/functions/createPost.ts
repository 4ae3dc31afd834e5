// The forum example's "new post": the author is the signed-in user, never a field of the request.
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiPostsBody } from "@/appgen/bodies";
import { db } from "@/appgen/db";

export async function createPost(input: FunctionInput<PostApiPostsBody>): Promise<unknown> {
  const post = await db.post.create({ data: { ...input.body, authorId: input.userId as string } });
  return Response.json(post, { status: 201 });
}
