import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import type { ProjectFiles } from '../support/tempProject';

// A route file imports what its rendered code uses, whichever partial wrote that code: the
// templates import every name a route file may need and src/render/pruneImports.ts keeps those
// the file uses. tests/unit/generate/optionPairs.test.ts type-checks every pair of options.

const ARTICLE = {
  name: 'Article',
  fields: {
    slug: { type: 'string', unique: true },
    authorId: 'uuid',
    data: { type: 'json', optional: true },
  },
  relations: { author: { type: 'belongsTo', model: 'User' } },
};
const COMMENT = {
  name: 'Comment',
  fields: { body: 'text', articleId: 'uuid' },
  relations: { article: { type: 'belongsTo', model: 'Article' } },
};

function routeFile(orm: string, routes: unknown[], path: string): string {
  const files: ProjectFiles = minimalProject({
    'appgen.config.json': { orm },
    'config/models/Article.json': ARTICLE,
    'config/models/Comment.json': COMMENT,
    'config/routes/more.json': { routes },
  });
  const file = renderFiles(files).get(path);
  if (!file) throw new Error(`no ${path}`);
  return file.content;
}

const COMMENTS_OF_SLUG = {
  method: 'GET',
  path: '/api/articles/:slug/comments',
  params: { slug: 'string' },
  response: 'Comment[]',
  function: 'listComments',
};
const COMMENTS_FILE = 'src/app/api/articles/[slug]/comments/route.ts';

describe('route file imports', () => {
  it('a function route whose path names its parent by a unique field imports what finds the parent (Prisma)', () => {
    const text = routeFile('prisma', [COMMENTS_OF_SLUG], COMMENTS_FILE);
    expect(text).toContain('await db.article.findUnique(');
    expect(text).toContain('import { db } from "@/appgen/db";');
  });

  it('a function route whose path names its parent by a unique field imports what finds the parent (Drizzle)', () => {
    const text = routeFile('drizzle', [COMMENTS_OF_SLUG], COMMENTS_FILE);
    expect(text).toContain('.from(tables.article)\n      .where(matching(tables.article,');
    expect(text).toContain('import { db, matching, tables } from "@/appgen/db";');
    expect(text).not.toContain('@/appgen/records');
  });

  it('a function route without database work imports nothing of the ORM', () => {
    const route = { ...COMMENTS_OF_SLUG, path: '/api/comments', params: undefined };
    for (const orm of ['prisma', 'drizzle']) {
      const text = routeFile(orm, [route], 'src/app/api/comments/route.ts');
      expect(text).not.toContain('@/appgen/db');
      expect(text).not.toContain('@/generated/prisma');
    }
  });

  it('a write of an optional json field imports Prisma for Prisma.DbNull; other writes do not', () => {
    const item = { path: '/api/articles/:slug', params: { slug: 'string' }, model: 'Article' };
    const patch = routeFile(
      'prisma',
      [{ method: 'PATCH', ...item, body: { data: 'json' } }],
      'src/app/api/articles/[slug]/route.ts',
    );
    expect(patch).toContain('Prisma.DbNull');
    expect(patch).toContain('import { Prisma } from "@/generated/prisma/client";');
    const put = routeFile(
      'prisma',
      [{ method: 'PUT', ...item, body: { authorId: 'uuid', slug: 'string' } }],
      'src/app/api/articles/[slug]/route.ts',
    );
    expect(put).not.toContain('Prisma');
  });
});
