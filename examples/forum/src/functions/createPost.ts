// The forum example's "new post": the author is the signed-in user, never a field of the request.
// `tags` (ids) link the post to existing tags: requireRecords answers 409 for an id of no tag.
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiPostsBody } from "@/appgen/bodies";
import { db } from "@/appgen/db";
import { requireRecords } from "@/appgen/http";

export async function createPost(input: FunctionInput<PostApiPostsBody>): Promise<unknown> {
  const { tags, ...fields } = input.body;
  await requireRecords("Tag", tags, (ids) => db.tag.findMany({ where: { id: { in: ids } }, select: { id: true } }));
  const post = await db.post.create({ data: { ...fields, authorId: input.userId as string, tags: tags && { connect: tags.map((id) => ({ id })) } } });
  return Response.json(post, { status: 201 });
}
