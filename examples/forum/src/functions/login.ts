// The forum example's log-in: checks the password against the stored scrypt hash and issues the
// session (cookie and token). The hash is a hidden field: read here on purpose, never sent.
import { scryptSync, timingSafeEqual } from "node:crypto";
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiLoginBody } from "@/appgen/bodies";
import { db } from "@/appgen/db";
import { createSessionToken, sessionCookie } from "@/appgen/session";

function passwordMatches(password: string, stored: string | null): boolean {
  const [salt, hash] = (stored ?? "").split(":");
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, "hex");
  const actual = scryptSync(password, salt, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export async function login(input: FunctionInput<PostApiLoginBody>): Promise<unknown> {
  const user = await db.user.findUnique({ where: { email: input.body.email }, omit: { passwordHash: false } });
  if (!user || !passwordMatches(input.body.password, user.passwordHash)) return Response.json({ error: "Wrong email or password" }, { status: 401 });
  const token = await createSessionToken(user.id);
  return Response.json({ token, userId: user.id }, { headers: { "set-cookie": sessionCookie(token) } });
}
