// The blog example's profile read (GET /api/users/:userId, the user page): the user, or 404.
// Prisma variant (the example's ORM); the Drizzle one is tests/e2e/fixtures/blog-drizzle.
import type { FunctionInput } from "@/appgen/handler";
import { db } from "@/appgen/db";
import { jsonError } from "@/appgen/http";

export async function getUserProfile(input: FunctionInput<undefined>): Promise<unknown> {
  const user = await db.user.findUnique({ where: { id: input.params.userId } });
  return user ?? jsonError(404, "User not found");
}
