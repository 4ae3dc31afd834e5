import { minimalProject, TAG_MODEL } from '../support/configs';
import { renderFiles } from '../support/renderFiles';

// A list counts its matches only when its route asks for it (`query.count`), and then with the
// very condition of the list (the same `where`: the same indexes), on both ORMs.
const ARTICLE = {
  name: 'Article',
  fields: { id: 'uuid', title: 'string', authorId: 'uuid', createdAt: 'date_now' },
  relations: {
    author: { type: 'belongsTo', model: 'User' },
    tags: { type: 'manyToMany', model: 'Tag' },
  },
  indexes: [['createdAt']],
};
const QUERY = {
  filter: ['authorId', { name: 'tag', path: 'tags.name' }],
  sort: ['createdAt'],
  defaultSort: '-createdAt',
  pageSize: 20,
};

function listRoute(orm: string, query: Record<string, unknown> | undefined): string {
  const files = renderFiles(
    minimalProject({
      'appgen.config.json': { orm },
      'config/models/Article.json': ARTICLE,
      'config/models/Tag.json': TAG_MODEL,
      'config/routes/articles.json': {
        routes: [{ method: 'GET', path: '/api/articles', response: 'Article[]', query }],
      },
    }),
  );
  return files.get('src/app/api/articles/route.ts')?.content ?? '';
}

const COUNTS = { prisma: /\.count\(|SELECT COUNT\(\*\)/g, drizzle: /\$count\(/g };

describe.each(['prisma', 'drizzle'] as const)('a list route with %s', (orm) => {
  it('counts nothing when its route does not ask for a count', () => {
    expect(listRoute(orm, QUERY).match(COUNTS[orm])).toBeNull();
    // Pages or not, filtered or not.
    expect(listRoute(orm, { filter: ['authorId'] }).match(COUNTS[orm])).toBeNull();
    expect(listRoute(orm, undefined).match(COUNTS[orm])).toBeNull();
  });

  it('counts with the condition of the list itself when it does', () => {
    const route = listRoute(orm, { ...QUERY, count: true });
    expect(route.match(COUNTS[orm])).toHaveLength(1);
    if (orm === 'prisma') {
      // On SQLite, a list filtered through relations is paged and counted in SQL by the same
      // conditions, each through the indexes: Prisma's relation filter runs once per article there.
      expect(route).not.toContain('const where = ');
      expect(route.match(/\$\{whereSql\}/g)).toHaveLength(2);
      expect(route).not.toContain('db.article.count(');
      expect(route).toContain(
        'query.where.authorId === undefined ? null : Prisma.sql`"authorId" = ${query.where.authorId}`',
      );
      expect(route).toContain(
        'query.related.tag === undefined\n        ? null\n        : Prisma.sql`"id" IN (SELECT "A" FROM "_Article_tags" WHERE "B" IN (SELECT "id" FROM "Tag" WHERE "name" = ${query.related.tag}))`',
      );
      expect(route).toContain('SELECT COUNT(*) AS "total" FROM "Article"');
      // Without a filter through relations, Prisma's page and count, with the same `where`.
      const plain = listRoute(orm, { ...QUERY, filter: ['authorId'], count: true });
      expect(plain.match(/const where = /g)).toHaveLength(1);
      expect(plain).toContain('db.article.findMany({\n      where,');
      expect(plain).toContain('const total = await db.article.count({ where });');
    } else {
      expect(route.match(/const where = /g)).toHaveLength(1);
      expect(route).toContain('.from(tables.article)\n      .where(where)\n      .orderBy(');
      expect(route).toContain('const total = await db.$count(tables.article, where);');
    }
  });
});
