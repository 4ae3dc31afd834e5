import { mapProject } from '../../../src/map/mapProject';
import { buildFileMap } from '../../../src/render/buildFileMap';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { TemplateSet } from '../../../src/render/templateSet';
import { checkedProject } from '../support/checkConfig';
import { minimalProject, TAG_MODEL } from '../support/configs';

// Prisma on SQLite runs a filter through relations as a subquery correlated with each record:
// a list that reads through relations finds its page's ids in SQL through the relations' indexes
// (the conditions its count reads too), in the list's order, then its records by Prisma.
const ARTICLE = {
  name: 'Article',
  fields: {
    id: 'uuid',
    title: 'string',
    authorId: 'uuid',
    createdAt: 'date_now',
    publishedAt: { type: 'datetime', optional: true },
  },
  relations: {
    author: { type: 'belongsTo', model: 'User' },
    tags: { type: 'manyToMany', model: 'Tag' },
  },
  indexes: [['createdAt'], ['publishedAt']],
};
const QUERY = {
  filter: ['authorId', { name: 'tag', path: 'tags.name' }],
  sort: ['createdAt', 'publishedAt'],
  defaultSort: '-createdAt',
  pageSize: 20,
};

function listRoute(
  query: Record<string, unknown> | undefined,
  provider: 'sqlite' | 'postgresql' = 'sqlite',
): string {
  const project = checkedProject(
    minimalProject({
      'appgen.config.json': { orm: 'prisma' },
      'config/models/Article.json': ARTICLE,
      'config/models/Tag.json': TAG_MODEL,
      'config/routes/articles.json': {
        routes: [{ method: 'GET', path: '/api/articles', response: 'Article[]', query }],
      },
    }),
  );
  const files = buildFileMap(
    mapProject(project, { provider, defaultDatabaseUrl: 'file:./prisma/dev.db' }),
    new TemplateSet(BUILTIN_TEMPLATES_DIR),
  );
  return files.get('src/app/api/articles/route.ts')?.content ?? '';
}

/** The page's ids: one statement, joined from two parts so that no line is over 100 columns. */
const PAGE_IDS = [
  '    const page = await db.$queryRaw<Array<{ id: string }>>(',
  '      Prisma.join(',
  '        [',
  '          Prisma.sql`SELECT "id" FROM "Article"${whereSql} ORDER BY ${order}`,',
  '          Prisma.sql`LIMIT ${query.limit ?? 20} OFFSET ${query.offset}`,',
  '        ],',
  '        " ",',
  '      ),',
  '    );',
].join('\n');

describe('a Prisma list on SQLite that filters through relations, paged by offset', () => {
  const route = listRoute(QUERY);

  it("reads its page's ids in SQL by the conditions of the filters given, then its records by id", () => {
    expect(route).toContain(
      'query.related.tag === undefined\n        ? null\n        : Prisma.sql`"id" IN (SELECT "A" FROM "_Article_tags" WHERE "B" IN (SELECT "id" FROM "Tag" WHERE "name" = ${query.related.tag}))`',
    );
    expect(route).toContain(
      'query.where.authorId === undefined ? null : Prisma.sql`"authorId" = ${query.where.authorId}`',
    );
    expect(route).toContain(PAGE_IDS);
    expect(route).toContain('where: { id: { in: page.map((row) => row.id) } },');
    // No Prisma filter through relations, no count (the route asks for none).
    expect(route).not.toContain('const where = ');
    expect(route).not.toMatch(/skip:|take:|COUNT\(/);
  });

  it("orders the ids as Prisma orders the records: a sort field's column named by the route, NULLs as Prisma puts them, then id", () => {
    expect(route).toContain(
      [
        '    const sortSql: Record<string, [Prisma.Sql, Prisma.Sql]> = {',
        '      createdAt: [Prisma.sql`"createdAt" ASC`, Prisma.sql`"createdAt" DESC`],',
        '      publishedAt: [',
        '        Prisma.sql`"publishedAt" ASC NULLS LAST`,',
        '        Prisma.sql`"publishedAt" DESC NULLS FIRST`,',
        '      ],',
        '    };',
        '    const order = Prisma.join([',
        '      ...query.sorts.map(',
        '        (sort) =>',
        '          (sortSql[sort.field] ?? [Prisma.sql`"id" ASC`, Prisma.sql`"id" DESC`])[',
        '            sort.descending ? 1 : 0',
        '          ],',
        '      ),',
        '      Prisma.sql`"id" ASC`,',
        '    ]);',
      ].join('\n'),
    );
    // Prisma's order of the records read by id is the same: the optional field's nulls placed alike.
    expect(route).toContain(
      '{ sort: sort.descending ? "desc" : "asc", nulls: sort.descending ? "first" : "last" }',
    );
    // Without sort fields: by id only.
    const unsorted = listRoute({ ...QUERY, sort: undefined, defaultSort: undefined });
    expect(unsorted).toContain('const order = Prisma.sql`"id" ASC`;');
    expect(unsorted).not.toContain('sortSql');
  });

  it('counts by the same conditions when its route asks for a count, built once', () => {
    const counted = listRoute({ ...QUERY, count: true });
    expect(counted.match(/const conditions = /g)).toHaveLength(1);
    expect(counted).toContain(PAGE_IDS);
    expect(counted).toContain(
      'const [counted] = await db.$queryRaw<\n      Array<{ total: number | bigint }>\n    >`SELECT COUNT(*) AS "total" FROM "Article"${whereSql}`;',
    );
    expect(counted.indexOf('const conditions = ')).toBeLessThan(counted.indexOf(PAGE_IDS));
  });
});

describe('a Prisma list read by its `where` as before', () => {
  const byWhere = (route: string) => {
    expect(route).toContain('const where = ');
    expect(route).not.toContain('$queryRaw<Array<{ id: string }>>');
  };

  it('on PostgreSQL (its planner joins the relation filters)', () => {
    const route = listRoute({ ...QUERY, count: true }, 'postgresql');
    byWhere(route);
    expect(route).toContain('const total = await db.article.count({ where });');
  });

  it('without filters through relations', () =>
    byWhere(listRoute({ ...QUERY, filter: ['authorId'] })));

  it('paged by cursor (its cursor is a condition of Prisma), counted in SQL when asked', () => {
    const cursor = { ...QUERY, sort: ['createdAt'], pagination: 'cursor', count: true };
    const route = listRoute(cursor);
    byWhere(route);
    expect(route).toContain('where: { AND: [where, cursorWhere(query.sort, position.at)] }');
    expect(route).toContain('SELECT COUNT(*) AS "total" FROM "Article"${whereSql}');
    expect(listRoute({ ...cursor, count: false })).not.toContain('$queryRaw');
  });

  it('without pages (at most listLimit records)', () =>
    byWhere(listRoute({ ...QUERY, pageSize: undefined })));
});
