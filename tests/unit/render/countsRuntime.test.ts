import fs from 'fs';
import path from 'path';
import { publishingArticlesProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

type Row = Record<string, unknown>;
type Counting = { counts: Record<string, unknown>; include: Record<string, Counting> };

const example = (file: string) =>
  JSON.parse(
    fs.readFileSync(path.join(__dirname, '../../../examples/publishing/config', file), 'utf8'),
  );
const ARTICLE = example('models/Article.json');
const USER = example('models/User.json');
const ARTICLE_FIELDS = ['slug', 'favoritesCount', 'commentsCount'];

// The publishing models with a count of a hasMany relation on each side (an article's comments,
// a user's articles), and a list that sends counts of its records and of their included author.
const files = renderFiles(
  publishingArticlesProject({
    'config/models/Article.json': {
      ...ARTICLE,
      computed: { ...ARTICLE.computed, commentsCount: { count: 'comments' } },
    },
    'config/models/User.json': {
      ...USER,
      computed: { ...USER.computed, articlesCount: { count: 'articles' } },
    },
    'config/routes/articles.json': {
      routes: [
        {
          method: 'GET',
          path: '/api/articles',
          response: 'Article[]',
          fields: ARTICLE_FIELDS,
          include: { author: { fields: ['username', 'articlesCount'] } },
          query: { pageSize: 20 },
        },
        {
          method: 'POST',
          path: '/api/articles',
          auth: true,
          body: { title: 'string', description: 'string', body: 'text' },
          set: { authorId: 'currentUser' },
          response: 'Article',
          fields: ARTICLE_FIELDS,
        },
      ],
    },
  }),
);
const counts = files.get('src/appgen/counts.ts')?.content ?? '';
const route = files.get('src/app/api/articles/route.ts')?.content ?? '';
// The article's answer shapes (src/appgen/shapes/article.ts) on one line each, as written flat.
const shapes = (files.get('src/appgen/shapes/article.ts')?.content ?? '')
  .replace(/,(\s*[}\]])/g, '$1')
  .replace(/\s+/g, ' ');

/** A Prisma.Sql: text around values, as Prisma's `sql` tag builds it. */
class Sql {
  constructor(
    readonly strings: string[],
    readonly values: unknown[],
  ) {}
}

/** Prisma's `sql` tag: a fragment in a fragment (or in $queryRaw) becomes part of its text. */
function sqlOf(strings: readonly string[], values: unknown[]): Sql {
  const texts = [strings[0]];
  const kept: unknown[] = [];
  values.forEach((value, i) => {
    if (value instanceof Sql) {
      texts[texts.length - 1] += value.strings[0];
      value.values.forEach((inner, j) => {
        kept.push(inner);
        texts.push(value.strings[j + 1]);
      });
      texts[texts.length - 1] += strings[i + 1];
    } else {
      kept.push(value);
      texts.push(strings[i + 1]);
    }
  });
  return new Sql(texts, kept);
}

/** A reader that answers each counting query from `related` (record id → related ids) and keeps its SQL. */
function fakeReader(related: Record<string, Record<string, string[]>>) {
  const queries: Array<{ sql: string; ids: string[] }> = [];
  const reader = {
    $queryRaw(strings: TemplateStringsArray, ...values: unknown[]) {
      const query = sqlOf(strings, values);
      const sql = query.strings.join('?');
      const joined = query.values[0] as { ids: string[] };
      queries.push({ sql, ids: joined.ids });
      const table = /FROM "(\w+)"/.exec(sql)?.[1] ?? '';
      return Promise.resolve(
        joined.ids
          .filter((id) => (related[table]?.[id] ?? []).length > 0)
          // PostgreSQL's count(*) is a bigint.
          .map((id) => ({ key: id, value: BigInt(related[table][id].length) })),
      );
    },
  };
  return { reader, queries };
}

const runtime = evaluateModule('counts.ts', counts, {
  '@/generated/prisma/client': {
    Prisma: {
      join: (ids: string[]) => ({ ids }),
      sql: (strings: TemplateStringsArray, ...values: unknown[]) => sqlOf(strings, values),
    },
  },
});
const relationCounts = runtime.relationCounts as Record<string, Record<string, unknown>>;
const withCounts = runtime.withCounts as (
  value: unknown,
  counting: Counting,
  reader: unknown,
) => Promise<void>;

describe('the generated counts.ts (orm prisma)', () => {
  it('counts each relation with one grouped query over the ids of the records read', async () => {
    const flat = counts.replace(/\s+/g, ' ');
    expect(flat).toContain(
      'favoritesCount: (ids, reader) => countedBy(reader, Prisma.sql`"_Article_favoritedBy"`, Prisma.sql`"A"`, ids)',
    );
    expect(flat).toContain(
      'commentsCount: (ids, reader) => countedBy(reader, Prisma.sql`"Comment"`, Prisma.sql`"articleId"`, ids)',
    );
    expect(flat).toContain(
      'articlesCount: (ids, reader) => countedBy(reader, Prisma.sql`"Article"`, Prisma.sql`"authorId"`, ids)',
    );
    const { reader, queries } = fakeReader({});
    const article = relationCounts.article as Record<string, (...args: unknown[]) => unknown>;
    await article.favoritesCount(['a1'], reader);
    await article.commentsCount(['a1'], reader);
    expect(queries.map((q) => q.sql)).toEqual([
      'SELECT "A" AS "key", COUNT(*) AS "value" FROM "_Article_favoritedBy" WHERE "A" IN (?) GROUP BY "A"',
      'SELECT "articleId" AS "key", COUNT(*) AS "value" FROM "Comment" WHERE "articleId" IN (?) GROUP BY "articleId"',
    ]);
  });

  it("is used by routes instead of Prisma's _count, which counts the whole related table", () => {
    expect(route).not.toContain('_count');
    // The included author's id is read for its count, though not sent.
    expect(shapes).toContain('author: { select: { username: true, id: true } }');
    expect(shapes).toContain(
      'counting: { counts: { favoritedBy: relationCounts.article.favoritesCount, comments: relationCounts.article.commentsCount }, include: { author: { counts: { articles: relationCounts.user.articlesCount }, include: {} } } } satisfies Counting',
    );
    expect(route).toMatch(/await withCounts\(records, \w+Answer\.counting, db\);/);
    // A write counts in its transaction, before the commit.
    expect(route).toContain('db.$transaction(async (tx) => {');
    expect(route).toMatch(/await withCounts\(written, \w+Answer\.counting, tx\);/);
    expect(route).toMatch(/await withCounts\(written, .*, tx\);\n\s+return written;/);
  });

  it('puts the counts where readComputed reads them, 0 for records without related rows', async () => {
    const { reader, queries } = fakeReader({
      _Article_favoritedBy: { a1: ['u1', 'u2'], a3: ['u1'] },
      Comment: { a2: ['c1'] },
      Article: { u1: ['a1', 'a2'], u2: ['a3'] },
    });
    const records: Row[] = [
      { id: 'a1', author: { id: 'u1' } },
      { id: 'a2', author: { id: 'u1' } },
      { id: 'a3', author: { id: 'u2' } },
    ];
    const counting: Counting = {
      counts: {
        favoritedBy: relationCounts.article.favoritesCount,
        comments: relationCounts.article.commentsCount,
      },
      include: { author: { counts: { articles: relationCounts.user.articlesCount }, include: {} } },
    };
    await withCounts(records, counting, reader);
    expect(records).toEqual([
      {
        id: 'a1',
        _count: { favoritedBy: 2, comments: 0 },
        author: { id: 'u1', _count: { articles: 2 } },
      },
      {
        id: 'a2',
        _count: { favoritedBy: 0, comments: 1 },
        author: { id: 'u1', _count: { articles: 2 } },
      },
      {
        id: 'a3',
        _count: { favoritedBy: 1, comments: 0 },
        author: { id: 'u2', _count: { articles: 1 } },
      },
    ]);
    // One query per counted relation, each over the ids read (once each), however many records.
    expect(queries.map((q) => q.ids)).toEqual([
      ['a1', 'a2', 'a3'],
      ['a1', 'a2', 'a3'],
      ['u1', 'u2'],
    ]);
  });

  it('counts one record, and asks nothing without records or counts', async () => {
    const { reader, queries } = fakeReader({ _Article_favoritedBy: { a1: ['u1'] } });
    const counting: Counting = {
      counts: { favoritedBy: relationCounts.article.favoritesCount },
      include: { author: { counts: {}, include: {} } },
    };
    const record: Row = { id: 'a1', author: null };
    await withCounts(record, counting, reader);
    expect(record).toEqual({ id: 'a1', _count: { favoritedBy: 1 }, author: null });
    await withCounts([], counting, reader);
    await withCounts(null, counting, reader);
    const plain: Row = { id: 'a2', author: { id: 'u1' } };
    await withCounts(
      plain,
      { counts: {}, include: { author: { counts: {}, include: {} } } },
      reader,
    );
    expect(plain).toEqual({ id: 'a2', author: { id: 'u1' } });
    expect(queries).toHaveLength(1);
  });

  it('is generated for orm prisma only', () => {
    const drizzle = renderFiles(
      publishingArticlesProject({ 'appgen.config.json': { orm: 'drizzle' } }),
    );
    expect(drizzle.has('src/appgen/counts.ts')).toBe(false);
  });
});
