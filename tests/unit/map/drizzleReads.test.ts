import type { MethodContext, ProjectContext } from '../../../src/map/contexts';
import { mapProject } from '../../../src/map/mapProject';
import { checkedProject } from '../support/checkConfig';
import { publishingArticlesProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';

// How a Drizzle route reads its computed fields and included relations (issue 41): a GET in the
// statement of its records (computed fields as columns, belongsTo includes left-joined), a write
// after it (withIncluded, withComputed).
const NOTE = {
  name: 'Note',
  fields: { articleId: 'uuid' },
  relations: { article: { type: 'belongsTo', model: 'Article' } },
};
const ROUTES = [
  {
    method: 'GET',
    path: '/api/articles-with-tags',
    response: 'Article[]',
    auth: 'optional',
    fields: ['slug', 'favorited', 'favoritesCount'],
    include: { author: { fields: ['username', 'following'] }, tags: { fields: ['name'] } },
  },
  {
    method: 'GET',
    path: '/api/notes/:id',
    params: { id: 'uuid' },
    response: 'Note',
    include: ['article'],
  },
  {
    method: 'GET',
    path: '/api/article-slugs/:slug',
    params: { slug: 'string' },
    response: 'Article',
    fields: ['slug', 'favoritesCount'],
  },
];

const project = (orm: string): ProjectContext =>
  mapProject(
    checkedProject(
      publishingArticlesProject({
        'appgen.config.json': { orm },
        'config/models/Note.json': NOTE,
        'config/routes/notes.json': { routes: ROUTES },
      }),
    ),
    SQLITE_OPTIONS,
  );
const drizzle = project('drizzle');
const method = (verb: string, path: string, from = drizzle): MethodContext =>
  from.methods.find((m) => m.method === verb && m.urlPath === path) as MethodContext;
const names = (list: Array<{ name: string }>) => list.map((item) => item.name);

describe('what a Drizzle GET reads in the statement of its records', () => {
  it('reads a list with its computed fields and belongsTo includes in one select', () => {
    const list = method('GET', '/api/articles').orm;
    expect([list.reads, names(list.joins), names(list.computedColumns)]).toEqual([
      'related',
      ['author'],
      ['tagList', 'favorited', 'favoritesCount'],
    ]);
    expect([list.addsRelated, list.rowsName, list.caller]).toEqual([false, 'records', 'userId']);
    expect(names(list.joins[0].computed)).toEqual(['following']);
  });

  it('adds the hasMany and manyToMany includes after, with their computed fields', () => {
    const list = method('GET', '/api/articles-with-tags').orm;
    expect([names(list.joins), names(list.addedIncludes), list.adds, list.addsRelated]).toEqual([
      ['author'],
      ['tags'],
      'included',
      true,
    ]);
    expect(list.rowsName).toBe('found');
  });

  it('gives a prepared read the caller as a placeholder only when a computed field depends on it', () => {
    const bySlug = method('GET', '/api/articles/:slug').orm;
    expect([bySlug.caller, bySlug.executeCaller, bySlug.recordName]).toEqual([
      'sql.placeholder("_caller")',
      ', _caller: userId',
      'record',
    ]);
    const counted = method('GET', '/api/article-slugs/:slug').orm;
    expect([counted.reads, counted.caller, counted.executeCaller]).toEqual(['related', 'null', '']);
  });

  it('joins a belongsTo by its id, the first column of every model and never null', () => {
    const note = method('GET', '/api/notes/:id').orm;
    expect([note.reads, names(note.joins), note.addsRelated]).toEqual([
      'related',
      ['article'],
      false,
    ]);
    expect(drizzle.models.every((model) => model.sentFields[0].name === 'id')).toBe(true);
  });

  it('adds them after a write, and with Prisma as before', () => {
    const created = method('POST', '/api/articles').orm;
    expect([
      created.reads,
      names(created.joins),
      names(created.addedIncludes),
      created.adds,
    ]).toEqual(['columns', [], ['author'], 'both']);
    const prisma = method('GET', '/api/articles', project('prisma')).orm;
    expect([prisma.reads, prisma.joins, names(prisma.addedIncludes)]).toEqual([
      'columns',
      [],
      ['author'],
    ]);
  });
});
