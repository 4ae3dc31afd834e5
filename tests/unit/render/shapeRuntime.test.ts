import { publishingArticlesProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

type Shape = {
  fields: string[] | null;
  urls?: Record<string, string>;
  include: Record<string, Shape | null>;
};
type Reading = { computed: Record<string, string[]>; include: Record<string, Reading> };

// The generated src/appgen/shape.ts of the publishing example (orm prisma), run as it is.
const files = renderFiles(publishingArticlesProject());
const runtime = evaluateModule('shape.ts', files.get('src/appgen/shape.ts')?.content ?? '', {});
const shaped = runtime.shaped as (value: unknown, shape: Shape | null, base?: string) => unknown;
const plainValues = runtime.plainValues as (records: unknown, field: string) => unknown[];
const readComputed = runtime.readComputed as (value: unknown, reading: Reading) => unknown;

const AUTHOR: Shape = { fields: ['username', 'following'], include: {} };

describe('the generated shape.ts', () => {
  it('sends the chosen fields in their order, then the included relations', () => {
    const record = {
      id: '1',
      title: 't',
      secret: 's',
      slug: 'x',
      author: { username: 'jake', id: '2', following: false },
    };
    const answer = shaped(record, { fields: ['slug', 'title'], include: { author: AUTHOR } });
    expect(JSON.stringify(answer)).toBe(
      '{"slug":"x","title":"t","author":{"username":"jake","following":false}}',
    );
  });

  it('keeps every field without `fields`, sends null and lists as they are, and whole relations', () => {
    const shape: Shape = { fields: null, include: { author: AUTHOR, tags: null } };
    const records = [
      { id: '1', author: null, tags: [{ id: 't', name: 'n' }], title: 't' },
      { id: '2', author: { username: 'ada', following: true, bio: null }, tags: [], title: 'u' },
    ];
    expect(JSON.stringify(shaped(records, shape))).toBe(
      '[{"id":"1","title":"t","author":null,"tags":[{"id":"t","name":"n"}]},' +
        '{"id":"2","title":"u","author":{"username":"ada","following":true},"tags":[]}]',
    );
    expect(shaped(null, shape)).toBeNull();
  });

  it('fills url fields from the record, after the base: last without `fields`, in their place with', () => {
    const base = 'https://app.example';
    const urls = { url: '/api/articles/:slug', authorUrl: '/api/users/:authorId/articles/:slug' };
    const record = {
      id: '1',
      slug: 'a b/ç',
      authorId: 'u1',
      title: 't',
      author: { username: 'jake', id: 'u1' },
    };
    const author: Shape = {
      fields: ['username', 'url'],
      urls: { url: '/api/profiles/:username' },
      include: {},
    };
    expect(JSON.stringify(shaped(record, { fields: null, urls, include: { author } }, base))).toBe(
      '{"id":"1","slug":"a b/ç","authorId":"u1","title":"t",' +
        '"url":"https://app.example/api/articles/a%20b%2F%C3%A7",' +
        '"authorUrl":"https://app.example/api/users/u1/articles/a%20b%2F%C3%A7",' +
        '"author":{"username":"jake","url":"https://app.example/api/profiles/jake"}}',
    );
    expect(
      JSON.stringify(shaped([record], { fields: ['url', 'title'], urls, include: {} }, base)),
    ).toBe('[{"url":"https://app.example/api/articles/a%20b%2F%C3%A7","title":"t"}]');
    // A whole included record (no `fields`) gets its url fields too.
    const whole: Shape = { fields: null, urls: { url: '/api/profiles/:username' }, include: {} };
    expect(
      shaped(
        { id: '1', author: { username: 'ada' } },
        { fields: ['id'], include: { author: whole } },
        base,
      ),
    ).toEqual({
      id: '1',
      author: { username: 'ada', url: 'https://app.example/api/profiles/ada' },
    });
  });

  it('answers a list as the plain values of one field', () => {
    expect(plainValues([{ name: 'a', id: '1' }, { name: null }], 'name')).toEqual(['a', null]);
    expect(plainValues([], 'name')).toEqual([]);
  });

  it("reads Prisma's counts, the caller's link and related values under the computed names", () => {
    const prismaRow = {
      id: '1',
      _count: { favoritedBy: 3 },
      favoritedBy: [{ id: 'me' }],
      tags: [{ name: 'a' }, { name: 'b' }],
      author: { username: 'jake', followers: [] },
    };
    const reading: Reading = {
      computed: {
        tagList: ['values', 'tags', 'name'],
        favorited: ['callerIn', 'favoritedBy'],
        favoritesCount: ['count', 'favoritedBy'],
      },
      include: { author: { computed: { following: ['callerIn', 'followers'] }, include: {} } },
    };
    expect(readComputed([prismaRow], reading)).toEqual([
      {
        id: '1',
        tagList: ['a', 'b'],
        favorited: true,
        favoritesCount: 3,
        author: { username: 'jake', following: false },
      },
    ]);
    expect(readComputed(null, reading)).toBeNull();
  });

  it('is not generated for orm none, whose routes answer stubs whatever their fields', () => {
    const stubs = renderFiles(publishingArticlesProject({ 'appgen.config.json': { orm: 'none' } }));
    expect(stubs.has('src/appgen/shape.ts')).toBe(false);
    expect(stubs.get('src/app/api/articles/route.ts')?.content).toContain(
      'return json({ articles: [] });',
    );
  });
});
