// The publishing example's log-in, the one route written by hand (until appgen generates
// accounts): finds the user by e-mail, checks the password against its stored hash, and issues
// a session token (returned, and set as the session cookie for pages). The hash is read on
// purpose here (omit: false) and never sent. The route's "envelope" reads the body from
// { "user": { ... } }; the answer is shaped here by hand, in the same envelope:
// { "user": { "email", "username", "bio", "image", "token" } }.
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiUsersLoginBody } from "@/appgen/bodies";
import { db } from "@/appgen/db";
import { jsonError } from "@/appgen/http";
import { verifyPassword } from "@/appgen/password";
import { createSessionToken, sessionCookie } from "@/appgen/session";

export async function logIn({ body }: FunctionInput<PostApiUsersLoginBody>): Promise<Response> {
  const user = await db.user.findUnique({ where: { email: body.email }, omit: { password: false } });
  // Same answer, and about the same time, for an unknown e-mail and a wrong password.
  if (!(await verifyPassword(body.password, user?.password))) return jsonError(401, "Wrong e-mail or password");
  const token = await createSessionToken(user!.id);
  const { email, username, bio, image } = user!;
  return Response.json({ user: { email, username, bio, image, token } }, { headers: { "set-cookie": sessionCookie(token) } });
}
