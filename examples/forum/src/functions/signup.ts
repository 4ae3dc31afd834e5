// The forum example's sign-up: stores a salted scrypt hash of the password (never the password),
// creates the user and signs them in. appgen scaffolded this file once; it is the app's own.
import { randomBytes, scryptSync } from "node:crypto";
import type { FunctionInput } from "@/appgen/handler";
import type { PostApiSignupBody } from "@/appgen/bodies";
import { db } from "@/appgen/db";
import { createSessionToken, sessionCookie } from "@/appgen/session";

export function hashPassword(password: string, salt = randomBytes(16).toString("hex")): string {
  return `${salt}:${scryptSync(password, salt, 32).toString("hex")}`;
}

export async function signup(input: FunctionInput<PostApiSignupBody>): Promise<unknown> {
  const { email, name, password } = input.body;
  // A taken email is answered 409 by appgen's error mapping (unique constraint).
  const user = await db.user.create({ data: { email, name, passwordHash: hashPassword(password) } });
  const token = await createSessionToken(user.id);
  return Response.json(user, { status: 201, headers: { "set-cookie": sessionCookie(token) } });
}
