// Hand-written Next.js route handlers doing what the generated /api/users handlers do, with the
// same Prisma queries and the checks a careful developer would write by hand (JSON body, string
// fields, e-mail shape, UUID path parameter), through the generated Prisma client `@/appgen/db`.
// Kept as strings (not .ts files) because the repository's tsconfig type-checks bench/.

const COLLECTION = `import { NextResponse } from "next/server";
import { db } from "@/appgen/db";

const EMAIL = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/;

export async function GET(): Promise<Response> {
  const users = await db.user.findMany({ take: 1000 });
  return NextResponse.json(users);
}

export async function POST(request: Request): Promise<Response> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return NextResponse.json({ error: "Invalid JSON" }, { status: 400 });
  }
  const { name, email } = (typeof body === "object" && body !== null ? body : {}) as { name?: unknown; email?: unknown };
  if (typeof name !== "string" || typeof email !== "string" || email.trim() === "" || !EMAIL.test(email)) {
    return NextResponse.json({ error: "Invalid request body" }, { status: 400 });
  }
  const user = await db.user.create({ data: { name, email } });
  return NextResponse.json(user, { status: 201 });
}
`;

const ITEM = `import { NextResponse } from "next/server";
import { db } from "@/appgen/db";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  if (!UUID.test(id)) return NextResponse.json({ error: "Invalid id" }, { status: 400 });
  const user = await db.user.findUnique({ where: { id } });
  if (!user) return NextResponse.json({ error: "Not found" }, { status: 404 });
  return NextResponse.json(user);
}
`;

// The ceiling of any handler of a Next.js app: a route that reads nothing and answers a constant
// JSON the size of one user, at a dynamic segment like the generated /api/users/[id] (the same
// routing work, and it reads its parameter as they do). Any ORM: it imports nothing of the app.
const CONSTANT = `const USER = {
  id: "00000000-0000-4000-8000-000000000000",
  name: "Seed 0",
  email: "seed0@example.com",
  createdAt: "2026-01-01T00:00:00.000Z",
};

export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  return Response.json({ ...USER, id });
}
`;

// The same read by hand with Drizzle: the query built on every request, and a prepared statement
// built once per process (placeholders bound per request), to measure what preparing saves.
const DRIZZLE_ITEM = (prepared) => `import { eq${prepared ? ', sql' : ''} } from "drizzle-orm";
import { db, tables } from "@/appgen/db";
import { columns } from "@/appgen/records";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
${prepared ? '\nconst byId = db.select(columns.user).from(tables.user).where(eq(tables.user.id, sql.placeholder("id"))).limit(1).prepare();\n' : ''}
export async function GET(_request: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params;
  if (!UUID.test(id)) return Response.json({ error: "Invalid id" }, { status: 400 });
  const [user] = ${prepared ? 'await byId.execute({ id })' : 'await db.select(columns.user).from(tables.user).where(eq(tables.user.id, id)).limit(1)'};
  if (!user) return Response.json({ error: "Not found" }, { status: 404 });
  return Response.json(user);
}
`;

/** Project-relative path → source, placed beside the generated routes under /api/hand/users (Prisma). */
const HAND_ROUTES = {
  'src/app/api/hand/users/route.ts': COLLECTION,
  'src/app/api/hand/users/[id]/route.ts': ITEM,
};

/** The Drizzle app's hand-written reads: /api/hand/users/:id and /api/hand/prepared/:id. */
const DRIZZLE_HAND_ROUTES = {
  'src/app/api/hand/users/[id]/route.ts': DRIZZLE_ITEM(false),
  'src/app/api/hand/prepared/[id]/route.ts': DRIZZLE_ITEM(true),
};

/** The trivial route, at /api/hand/constant/:id, in every bench app. */
const CONSTANT_ROUTE = { 'src/app/api/hand/constant/[id]/route.ts': CONSTANT };

module.exports = { HAND_ROUTES, DRIZZLE_HAND_ROUTES, CONSTANT_ROUTE };
