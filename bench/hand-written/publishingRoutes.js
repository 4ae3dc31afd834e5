// The ceiling of `npm run bench -- data` (issue 41): hand-written Next.js routes placed in the
// generated examples/publishing app before `next build`, under /api/hand/..., each answering what
// its generated route answers (the same bytes: the bench compares them) with ONE SQL statement
// through the database driver itself (node-postgres, or better-sqlite3), the caller read by the
// app's own session code. What a careful developer would write by hand for speed, in the same
// framework. The routes are the same on both databases; src/hand/sql.ts holds each one's SQL.
// Kept as strings (not .ts files) because the repository's tsconfig type-checks bench/.

/**
 * The fields of Article that `?q=` searches: the bench adds `"search"` with them to its copy of
 * examples/publishing's GET /api/articles (the example itself has no search: see data.js).
 */
const SEARCHED = ['title', 'description', 'body'];

/** The filters of a list: ?tag= ?author= ?favorited=, ?q=, and the feed's scope. */
const FILTERS_TYPE = `export interface Filters {
  tag: string | null;
  author: string | null;
  favorited: string | null;
  /** Only the authors the caller follows. */
  feed: boolean;
  /** ?q= as sent (a search over the article's title, description and body), or null. */
  search: string | null;
}

type Row = Record<string, any>;

/** The statement and its values, as the generated app prints them under APPGEN_LOG_SQL=params (for the bench's EXPLAIN). */
const logged = (text: string, values: unknown) => {
  if (process.env.APPGEN_LOG_SQL === "params") console.log(\`appgen:sql \${text.replace(/\\s+/g, " ")} -- params: \${JSON.stringify([values].flat())}\`);
};

const author = (r: Row) => ({ username: r.username, bio: r.bio, image: r.image, following: Boolean(r.following) });`;

// The article as the generated routes send it, from a row of ARTICLE_COLUMNS; `date` and `list`
// turn the database's timestamp and list of tag names into JSON's.
const ARTICLE_OF = `const article = (r: Row) => ({
  slug: r.slug,
  title: r.title,
  description: r.description,
  body: r.body,
  tagList: list(r.tagList),
  createdAt: date(r.createdAt),
  updatedAt: date(r.updatedAt),
  favorited: Boolean(r.favorited),
  favoritesCount: Number(r.favoritesCount),
  author: author(r),
});

const comment = (r: Row) => ({ id: r.id, createdAt: date(r.createdAt), updatedAt: date(r.updatedAt), body: r.body, author: author(r) });`;

/** The filters as SQL on "Article" a; `param(value)` binds a value and returns its placeholder. */
const CONDITIONS = `function conditions(filters: Filters, param: (value: unknown) => string, me: string): string {
  const parts: string[] = [];
  if (filters.tag !== null) parts.push(\`a.id in (select x."A" from "_Article_tags" x join "Tag" t on t.id = x."B" where t.name = \${param(filters.tag)})\`);
  if (filters.author !== null) parts.push(\`a."authorId" in (select v.id from "User" v where v.username = \${param(filters.author)})\`);
  if (filters.favorited !== null) parts.push(\`a.id in (select f."A" from "_Article_favoritedBy" f join "User" v on v.id = f."B" where v.username = \${param(filters.favorited)})\`);
  if (filters.feed) parts.push(\`a."authorId" in (select w."A" from "_User_followers" w where w."B" = \${me})\`);
  if (filters.search !== null) parts.push(searchCondition(param(filters.search)));
  return parts.length ? parts.join(" and ") : "1 = 1";
}`;

/** The columns of an article (alias p) and its author (alias u); `me`: the caller's placeholder. */
const articleColumns = (
  me,
  tagList,
) => `p.slug, p.title, p.description, p.body, ${tagList} as "tagList",
  p."createdAt", p."updatedAt",
  exists(select 1 from "_Article_favoritedBy" f where f."A" = p.id and f."B" = ${me}) as favorited,
  (select count(*) from "_Article_favoritedBy" f where f."A" = p.id) as "favoritesCount",
  u.username, u.bio, u.image,
  exists(select 1 from "_User_followers" w where w."A" = u.id and w."B" = ${me}) as following`;

const PAGE_ORDER = `order by a."createdAt" desc, a.id`;
const COMMENT_COLUMNS = (me) =>
  `k.id, k."createdAt", k."updatedAt", k.body, u.username, u.bio, u.image, exists(select 1 from "_User_followers" w where w."A" = u.id and w."B" = ${me}) as following`;

// PostgreSQL: timestamps as ISO strings written by the database (a timestamp(3) holding UTC).
const POSTGRES = `import { Pool } from "pg";

const globalForHand = globalThis as unknown as { handPool?: Pool };
const pool = (globalForHand.handPool ??= new Pool({ connectionString: process.env.DATABASE_URL }));

const iso = (column: string) => \`to_char(\${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')\`;
const date = (value: string) => value;
const list = (value: string[]) => value;

${FILTERS_TYPE}

${ARTICLE_OF}

const COLUMNS = \`${articleColumns('$1', `array(select t.name from "_Article_tags" x join "Tag" t on t.id = x."B" where x."A" = p.id order by t.name collate "C", t.id)`)}\`.replace('p."createdAt", p."updatedAt"', \`\${iso('p."createdAt"')} as "createdAt", \${iso('p."updatedAt"')} as "updatedAt"\`);

// The search: the expression of the GIN index appgen makes (its words each a word's start, all
// required), ranked by ts_rank, as the generated routes read it.
const SEARCH_VECTOR = \`to_tsvector('simple', ${SEARCHED.map((field) => `coalesce(a."${field}", '')`).join(" || ' ' || ")})\`;
const searchCondition = (text: string) => \`\${SEARCH_VECTOR} @@ to_tsquery('simple', \${text})\`;
const searchText = (q: string) => (q.match(/[\\p{L}\\p{N}]+/gu) ?? []).map((word) => \`\${word}:*\`).join(" & ");

${CONDITIONS}

/** A page of articles and the count of all that match, in one statement; with ?q=, most relevant first. */
export async function articlePage(userId: string | null, filters: Filters, limit: number, offset: number) {
  const values: unknown[] = [userId];
  const param = (value: unknown) => \`$\${values.push(value)}\`;
  const text = filters.search === null ? "" : searchText(filters.search);
  const searched = { ...filters, search: text === "" ? null : text };
  const where = conditions(searched, param, "$1");
  const rank = searched.search === null ? null : \`ts_rank(\${SEARCH_VECTOR}, to_tsquery('simple', \${param(searched.search)}))\`;
  const statement = \`select c.total, \${COLUMNS}
     from (select count(*)::int as total from "Article" a where \${where}) c
     left join lateral (select a.*\${rank === null ? "" : \`, \${rank} as relevance\`} from "Article" a where \${where}
       \${rank === null ? '${PAGE_ORDER}' : "order by relevance desc, a.id"} limit \${param(limit)} offset \${param(offset)}) p on true
     left join "User" u on u.id = p."authorId"
     order by \${rank === null ? 'p."createdAt" desc' : "p.relevance desc"}, p.id\`;
  logged(statement, values);
  const { rows } = await pool.query(statement, values);
  return { articles: rows.filter((r) => r.slug !== null).map(article), articlesCount: rows[0]?.total ?? 0 };
}

export async function oneArticle(userId: string | null, slug: string) {
  const { rows } = await pool.query(\`select \${COLUMNS} from "Article" p join "User" u on u.id = p."authorId" where p.slug = $2\`, [userId, slug]);
  return rows.length ? article(rows[0]) : null;
}

/** The comments of an article, oldest first (at most 1,000); null: no such article. */
export async function commentsOf(userId: string | null, slug: string) {
  const { rows } = await pool.query(
    \`select c.* from "Article" p
     left join lateral (
       select ${COMMENT_COLUMNS('$1').replace('k."createdAt", k."updatedAt"', '${iso(\'k."createdAt"\')} as "createdAt", ${iso(\'k."updatedAt"\')} as "updatedAt", k."createdAt" as at')}
       from "Comment" k join "User" u on u.id = k."authorId"
       where k."articleId" = p.id order by k."createdAt", k.id limit 1000
     ) c on true
     where p.slug = $2
     order by c.at, c.id\`,
    [userId, slug],
  );
  return rows.length ? rows.filter((r) => r.id !== null).map(comment) : null;
}
`;

// SQLite: timestamps stored as milliseconds (as the bench seeds them), tag names as a JSON list.
const SQLITE = (orm) => `import Database from "better-sqlite3";

const file = (process.env.DATABASE_URL ?? "file:./${orm}/dev.db").replace(/^file:(\\/\\/)?/, "");
const globalForHand = globalThis as unknown as { handDb?: any };
const db = (globalForHand.handDb ??= new Database(file, { readonly: true }));

const date = (value: number) => new Date(value).toISOString();
const list = (value: string) => JSON.parse(value) as string[];

${FILTERS_TYPE}

${ARTICLE_OF}

const COLUMNS = \`${articleColumns('@me', `(select json_group_array(name) from (select t.name from "_Article_tags" x join "Tag" t on t.id = x."B" where x."A" = p.id order by t.name, t.id))`)}\`;

// The search: the FTS5 table appgen makes over Article (its words each a word's start, all
// required); the page joins its matches once, ordered by their bm25 (rank: smaller first).
const searchCondition = (text: string) => \`a.rowid in (select rowid from "Article_search" where "Article_search" match \${text})\`;
const searchText = (q: string) => (q.match(/[\\p{L}\\p{N}]+/gu) ?? []).map((word) => \`"\${word}"*\`).join(" ");

${CONDITIONS}

/** A page of articles and the count of all that match, in one statement; with ?q=, most relevant first. */
export async function articlePage(userId: string | null, filters: Filters, limit: number, offset: number) {
  const values: Record<string, unknown> = { me: userId, limit, offset };
  const param = (value: unknown) => {
    const name = \`p\${Object.keys(values).length}\`;
    values[name] = value;
    return \`@\${name}\`;
  };
  const text = filters.search === null ? "" : searchText(filters.search);
  const searched = { ...filters, search: text === "" ? null : text };
  const where = conditions(searched, param, "@me");
  // The page: the search's matches joined once (not a lookup per record), the other conditions as they are.
  const matches = searched.search === null ? "" : \` join (select rowid as r, rank from "Article_search" where "Article_search" match \${param(searched.search)}) s on s.r = a.rowid\`;
  const pageWhere = conditions({ ...searched, search: null }, param, "@me");
  const statement = \`select (select count(*) from "Article" a where \${where}) as total, \${COLUMNS}
       from (select 1) one
       left join (select a.*\${matches === "" ? "" : ", s.rank as relevance"} from "Article" a\${matches} where \${pageWhere}
         \${matches === "" ? '${PAGE_ORDER}' : "order by s.rank, a.id"} limit @limit offset @offset) p on 1
       left join "User" u on u.id = p."authorId"
       order by \${matches === "" ? 'p."createdAt" desc' : "p.relevance"}, p.id\`;
  logged(statement, values);
  const rows: Row[] = db.prepare(statement).all(values);
  return { articles: rows.filter((r) => r.slug !== null).map(article), articlesCount: rows[0]?.total ?? 0 };
}

export async function oneArticle(userId: string | null, slug: string) {
  const row: Row | undefined = db.prepare(\`select \${COLUMNS} from "Article" p join "User" u on u.id = p."authorId" where p.slug = @slug\`).get({ me: userId, slug });
  return row ? article(row) : null;
}

/** The comments of an article, oldest first (at most 1,000); null: no such article. */
export async function commentsOf(userId: string | null, slug: string) {
  const rows: Row[] = db
    .prepare(
      \`select c.* from (select id from "Article" where slug = @slug) p
       left join (
         select k."articleId", ${COMMENT_COLUMNS('@me')}
         from "Comment" k join "User" u on u.id = k."authorId"
         where k."articleId" = (select id from "Article" where slug = @slug)
         order by k."createdAt", k.id limit 1000
       ) c on c."articleId" = p.id
       order by c."createdAt", c.id\`,
    )
    .all({ me: userId, slug });
  return rows.length ? rows.filter((r) => r.id !== null).map(comment) : null;
}
`;

// The same answers written by hand with Prisma Client's API, for Prisma apps: what a careful Prisma
// user would write for speed without appgen (the includes and filters a Prisma user writes, the
// favorites counted by one grouped query over the page's ids, the total by one COUNT with IN
// subqueries, since Prisma's own _count and relation-filtered count read whole tables at this
// volume). Beside the generated route it shows what appgen's code adds to Prisma's; beside the
// SQL route, what Prisma Client itself costs.
const PRISMA = (database) => `import { db } from "@/appgen/db";
import { Prisma } from "@/generated/prisma/client";

export interface Filters {
  tag: string | null;
  author: string | null;
  favorited: string | null;
  /** Only the authors the caller follows. */
  feed: boolean;
  /** ?q=: not written with Prisma Client by hand (the bench measures searches against the SQL route only). */
  search: string | null;
}

const authorSelect = (me: string | null) => ({ username: true, bio: true, image: true, followers: { where: { id: me ?? "" }, select: { id: true } } }) satisfies Prisma.UserSelect;

const articleInclude = (me: string | null) =>
  ({
    author: { select: authorSelect(me) },
    tags: { select: { name: true }, orderBy: [{ name: "asc" }, { id: "asc" }] },
    favoritedBy: { where: { id: me ?? "" }, select: { id: true } },
  }) satisfies Prisma.ArticleInclude;

type Profile = { username: string; bio: string | null; image: string | null; followers: unknown[] };
type ArticleRow = Prisma.ArticleGetPayload<{ include: ReturnType<typeof articleInclude> }>;

const profile = (u: Profile) => ({ username: u.username, bio: u.bio, image: u.image, following: u.followers.length > 0 });

const article = (a: ArticleRow, favoritesCount: number) => ({
  slug: a.slug,
  title: a.title,
  description: a.description,
  body: a.body,
  tagList: a.tags.map((t) => t.name),
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  favorited: a.favoritedBy.length > 0,
  favoritesCount,
  author: profile(a.author),
});

/** The favorites of each of these articles, in one grouped query over their ids. */
async function favoritesCounts(ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<Array<{ key: string; value: number | bigint }>>\`SELECT "A" AS "key", COUNT(*) AS "value" FROM "_Article_favoritedBy" WHERE "A" IN (\${Prisma.join(ids)}) GROUP BY "A"\`;
  return new Map(rows.map((r) => [r.key, Number(r.value)]));
}

function where(filters: Filters, me: string | null): Prisma.ArticleWhereInput {
  return {
    AND: [
      filters.tag === null ? {} : { tags: { some: { name: filters.tag } } },
      filters.author === null ? {} : { author: { is: { username: filters.author } } },
      filters.favorited === null ? {} : { favoritedBy: { some: { username: filters.favorited } } },
      filters.feed ? { author: { is: { followers: { some: { id: me ?? "" } } } } } : {},
    ],
  };
}

/** The count of the articles of \`filters\`, through the link tables' indexes. */
async function total(filters: Filters, me: string | null): Promise<number> {
  const conditions = [
    filters.tag === null ? null : Prisma.sql\`"id" IN (SELECT "A" FROM "_Article_tags" WHERE "B" IN (SELECT "id" FROM "Tag" WHERE "name" = \${filters.tag}))\`,
    filters.author === null ? null : Prisma.sql\`"authorId" IN (SELECT "id" FROM "User" WHERE "username" = \${filters.author})\`,
    filters.favorited === null ? null : Prisma.sql\`"id" IN (SELECT "A" FROM "_Article_favoritedBy" WHERE "B" IN (SELECT "id" FROM "User" WHERE "username" = \${filters.favorited}))\`,
    filters.feed ? Prisma.sql\`"authorId" IN (SELECT "A" FROM "_User_followers" WHERE "B" = \${me ?? ""})\` : null,
  ].filter((condition) => condition !== null);
  const [row] = await db.$queryRaw<Array<{ total: number | bigint }>>\`SELECT COUNT(*) AS "total" FROM "Article"\${conditions.length > 0 ? Prisma.sql\` WHERE \${Prisma.join(conditions, " AND ")}\` : Prisma.empty}\`;
  return Number(row.total);
}

export async function articlePage(userId: string | null, filters: Filters, limit: number, offset: number) {
  if (filters.search !== null) throw new Error("?q= is not written by hand with Prisma Client");
  const records = await db.article.findMany({
    where: where(filters, userId),
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit,
    skip: offset,
    include: articleInclude(userId),${database === 'postgresql' ? '\n    // Not joins: PostgreSQL would join every matching article before it cuts the page.\n    relationLoadStrategy: "query",' : ''}
  });
  const counts = await favoritesCounts(records.map((r) => r.id));
  return { articles: records.map((r) => article(r, counts.get(r.id) ?? 0)), articlesCount: await total(filters, userId) };
}

export async function oneArticle(userId: string | null, slug: string) {
  const found = await db.article.findUnique({ where: { slug }, include: articleInclude(userId) });
  if (!found) return null;
  const counts = await favoritesCounts([found.id]);
  return article(found, counts.get(found.id) ?? 0);
}

/** The comments of an article, oldest first (at most 1,000); null: no such article. */
export async function commentsOf(userId: string | null, slug: string) {
  const parent = await db.article.findUnique({ where: { slug }, select: { id: true } });
  if (!parent) return null;
  const rows = await db.comment.findMany({
    where: { articleId: parent.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 1000,
    include: { author: { select: authorSelect(userId) } },
  });
  return rows.map((k) => ({ id: k.id, createdAt: k.createdAt, updatedAt: k.updatedAt, body: k.body, author: profile(k.author) }));
}
`;

const LIST = `import { readSession } from "@/appgen/session";
import { articlePage } from "@/hand/sql";

export async function GET(request: Request): Promise<Response> {
  const userId = await readSession(request);
  const query = new URL(request.url).searchParams;
  const filters = { tag: query.get("tag"), author: query.get("author"), favorited: query.get("favorited"), feed: false, search: query.get("q") };
  return Response.json(await articlePage(userId, filters, Number(query.get("limit") ?? 20), Number(query.get("offset") ?? 0)));
}
`;

const FEED = `import { readSession } from "@/appgen/session";
import { articlePage } from "@/hand/sql";

export async function GET(request: Request): Promise<Response> {
  const userId = await readSession(request);
  if (!userId) return Response.json({ errors: { body: ["Unauthorized"] } }, { status: 401 });
  const query = new URL(request.url).searchParams;
  const filters = { tag: null, author: null, favorited: null, feed: true, search: null };
  return Response.json(await articlePage(userId, filters, Number(query.get("limit") ?? 20), Number(query.get("offset") ?? 0)));
}
`;

const ONE = `import { readSession } from "@/appgen/session";
import { oneArticle } from "@/hand/sql";

export async function GET(request: Request, ctx: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await ctx.params;
  const found = await oneArticle(await readSession(request), slug);
  if (!found) return Response.json({ errors: { body: ["Not found"] } }, { status: 404 });
  return Response.json({ article: found });
}
`;

const COMMENTS = `import { readSession } from "@/appgen/session";
import { commentsOf } from "@/hand/sql";

export async function GET(request: Request, ctx: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await ctx.params;
  const comments = await commentsOf(await readSession(request), slug);
  if (!comments) return Response.json({ errors: { body: ["Article not found"] } }, { status: 404 });
  return Response.json({ comments });
}
`;

/**
 * Project-relative path → source, for a build of examples/publishing with `orm` on `database`:
 * the SQL routes under /api/hand/, and with Prisma the Prisma Client routes under /api/hand-prisma/.
 */
function publishingHandRoutes(database, orm) {
  return {
    ...(database === 'sqlite'
      ? {
          'src/hand/sql.ts': SQLITE(orm),
          'src/hand/better-sqlite3.d.ts': 'declare module "better-sqlite3";\n',
        }
      : { 'src/hand/sql.ts': POSTGRES }),
    ...handRoutes('hand', '@/hand/sql'),
    ...(orm === 'prisma'
      ? { 'src/hand/prisma.ts': PRISMA(database), ...handRoutes('hand-prisma', '@/hand/prisma') }
      : {}),
  };
}

/** The four routes under /api/<base>/articles, answering with the functions of module `from`. */
const handRoutes = (base, from) =>
  Object.fromEntries(
    Object.entries({
      'route.ts': LIST,
      'feed/route.ts': FEED,
      '[slug]/route.ts': ONE,
      '[slug]/comments/route.ts': COMMENTS,
    }).map(([file, source]) => [
      `src/app/api/${base}/articles/${file}`,
      source.replace('"@/hand/sql"', `"${from}"`),
    ]),
  );

module.exports = { SEARCHED, publishingHandRoutes };
