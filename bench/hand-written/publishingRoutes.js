// The ceiling of `npm run bench -- data` (issue 41): hand-written Next.js routes placed in the
// generated examples/publishing app before `next build`, under /api/hand/..., each answering what
// its generated route answers (the same bytes: the bench compares them) with ONE SQL statement
// through the database driver itself (node-postgres), the caller read by the app's own session
// code. What a careful developer would write by hand for speed; the framework is the same.
// Kept as strings (not .ts files) because the repository's tsconfig type-checks bench/.

/** An ISO 8601 string of a timestamp(3) column that holds UTC, as JSON.stringify writes a Date. */
const iso = (column) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The shared module: the pool, the columns of an article (alias p) and its author (alias u) as
// the API sends them, with the caller's id as $1 (null: anonymous), and the JSON of a row.
const SHARED = `import { Pool } from "pg";

const globalForHand = globalThis as unknown as { handPool?: Pool };
export const pool = (globalForHand.handPool ??= new Pool({ connectionString: process.env.DATABASE_URL }));

export const ARTICLE_COLUMNS = \`p.slug, p.title, p.description, p.body,
  array(select t.name from "_Article_tags" x join "Tag" t on t.id = x."B" where x."A" = p.id order by t.name collate "C", t.id) as "tagList",
  ${iso('p."createdAt"')} as "createdAt", ${iso('p."updatedAt"')} as "updatedAt",
  exists(select 1 from "_Article_favoritedBy" f where f."A" = p.id and f."B" = $1) as favorited,
  (select count(*)::int from "_Article_favoritedBy" f where f."A" = p.id) as "favoritesCount",
  u.username, u.bio, u.image,
  exists(select 1 from "_User_followers" w where w."A" = u.id and w."B" = $1) as following\`;

type Row = Record<string, any>;

export const author = (r: Row) => ({ username: r.username, bio: r.bio, image: r.image, following: r.following });

export const article = (r: Row) => ({
  slug: r.slug,
  title: r.title,
  description: r.description,
  body: r.body,
  tagList: r.tagList,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  favorited: r.favorited,
  favoritesCount: r.favoritesCount,
  author: author(r),
});

/**
 * A page of articles and the count of all that match, in one statement: \`where\` is the
 * condition on "Article" a, with parameters from $2 (values), then the page's limit and offset.
 */
export async function articlePage(userId: string | null, where: string, values: unknown[], limit: number, offset: number): Promise<Response> {
  const n = values.length;
  const { rows } = await pool.query(
    \`select c.total, \${ARTICLE_COLUMNS}
     from (select count(*)::int as total from "Article" a where \${where}) c
     left join lateral (select a.* from "Article" a where \${where} order by a."createdAt" desc, a.id limit $\${n + 2} offset $\${n + 3}) p on true
     left join "User" u on u.id = p."authorId"
     order by p."createdAt" desc, p.id\`,
    [userId, ...values, limit, offset],
  );
  const found = rows.filter((r) => r.slug !== null);
  return Response.json({ articles: found.map(article), articlesCount: rows[0]?.total ?? 0 });
}
`;

// GET /api/hand/articles: ?tag= ?author= ?favorited= ?limit= ?offset=, as the generated list.
const LIST = `import { readSession } from "@/appgen/session";
import { articlePage } from "@/hand/sql";

export async function GET(request: Request): Promise<Response> {
  const userId = await readSession(request);
  const query = new URL(request.url).searchParams;
  const conditions: string[] = [];
  const values: unknown[] = [];
  const tag = query.get("tag");
  const author = query.get("author");
  const favorited = query.get("favorited");
  if (tag !== null) {
    values.push(tag);
    conditions.push(\`a.id in (select x."A" from "_Article_tags" x join "Tag" t on t.id = x."B" where t.name = $\${values.length + 1})\`);
  }
  if (author !== null) {
    values.push(author);
    conditions.push(\`a."authorId" in (select v.id from "User" v where v.username = $\${values.length + 1})\`);
  }
  if (favorited !== null) {
    values.push(favorited);
    conditions.push(\`a.id in (select f."A" from "_Article_favoritedBy" f join "User" v on v.id = f."B" where v.username = $\${values.length + 1})\`);
  }
  const where = conditions.length ? conditions.join(" and ") : "true";
  return articlePage(userId, where, values, Number(query.get("limit") ?? 20), Number(query.get("offset") ?? 0));
}
`;

// GET /api/hand/articles/feed: the articles of the authors the caller follows.
const FEED = `import { readSession } from "@/appgen/session";
import { articlePage } from "@/hand/sql";

export async function GET(request: Request): Promise<Response> {
  const userId = await readSession(request);
  if (!userId) return Response.json({ errors: { body: ["Unauthorized"] } }, { status: 401 });
  const query = new URL(request.url).searchParams;
  const where = \`a."authorId" in (select w."A" from "_User_followers" w where w."B" = $1)\`;
  return articlePage(userId, where, [], Number(query.get("limit") ?? 20), Number(query.get("offset") ?? 0));
}
`;

// GET /api/hand/articles/:slug
const ONE = `import { readSession } from "@/appgen/session";
import { ARTICLE_COLUMNS, article, pool } from "@/hand/sql";

export async function GET(request: Request, ctx: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await ctx.params;
  const userId = await readSession(request);
  const { rows } = await pool.query(\`select \${ARTICLE_COLUMNS} from "Article" p join "User" u on u.id = p."authorId" where p.slug = $2\`, [userId, slug]);
  if (rows.length === 0) return Response.json({ errors: { body: ["Not found"] } }, { status: 404 });
  return Response.json({ article: article(rows[0]) });
}
`;

// GET /api/hand/articles/:slug/comments: all of them (at most 1,000), oldest first.
const COMMENTS = `import { readSession } from "@/appgen/session";
import { author, pool } from "@/hand/sql";

export async function GET(request: Request, ctx: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await ctx.params;
  const userId = await readSession(request);
  const { rows } = await pool.query(
    \`select c.id, c."createdAt", c."updatedAt", c.body, c.username, c.bio, c.image, c.following
     from "Article" p
     left join lateral (
       select k.id, ${iso('k."createdAt"')} as "createdAt", ${iso('k."updatedAt"')} as "updatedAt", k.body, k."createdAt" as at,
         u.username, u.bio, u.image, exists(select 1 from "_User_followers" w where w."A" = u.id and w."B" = $1) as following
       from "Comment" k join "User" u on u.id = k."authorId"
       where k."articleId" = p.id order by k."createdAt", k.id limit 1000
     ) c on true
     where p.slug = $2
     order by c.at, c.id\`,
    [userId, slug],
  );
  if (rows.length === 0) return Response.json({ errors: { body: ["Article not found"] } }, { status: 404 });
  const comments = rows.filter((r) => r.id !== null).map((r) => ({ id: r.id, createdAt: r.createdAt, updatedAt: r.updatedAt, body: r.body, author: author(r) }));
  return Response.json({ comments });
}
`;

/** Project-relative path → source, for a PostgreSQL build of examples/publishing (either ORM). */
const PUBLISHING_HAND_ROUTES = {
  'src/hand/sql.ts': SHARED,
  'src/app/api/hand/articles/route.ts': LIST,
  'src/app/api/hand/articles/feed/route.ts': FEED,
  'src/app/api/hand/articles/[slug]/route.ts': ONE,
  'src/app/api/hand/articles/[slug]/comments/route.ts': COMMENTS,
};

module.exports = { PUBLISHING_HAND_ROUTES };
