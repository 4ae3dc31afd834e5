import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

// The generated src/appgen/sitePath.ts's pathOnThisSite, run as it is: where a form may send the
// browser after it succeeded (`?next=`, the route's redirect, `success`), and where a provider's
// sign-in lands. The browser test of views-browser.test.ts logs in with the same payloads.
const files = renderFiles(minimalProject());
const form = files.get('src/appgen/form.tsx');
const sitePath = files.get('src/appgen/sitePath.ts');
if (!form || !sitePath) throw new Error('src/appgen/form.tsx or sitePath.ts was not generated');
const { pathOnThisSite } = evaluateModule('sitePath.ts', sitePath.content, {}) as {
  pathOnThisSite: (target: string, origin: string) => string | null;
};
const { fieldNamed, fieldMessages } = evaluateModule('form.tsx', form.content, {
  'next/navigation': { useRouter: () => undefined },
  react: {
    useState: () => undefined,
    useContext: () => undefined,
    createContext: () => ({ Provider: () => undefined }),
  },
  'react/jsx-runtime': { jsx: () => undefined, jsxs: () => undefined },
  './client': { send: () => undefined },
  './sitePath': { pathOnThisSite },
}) as {
  fieldNamed: (message: string, fields: Array<{ name: string }>) => string | null;
  fieldMessages: (
    answer: { error: string; fields: Record<string, string> },
    fields: Array<{ name: string }>,
    envelope?: string,
  ) => Record<string, string>;
};

// Issue 40: an error a route function writes itself is shown under the field it quotes
// (FieldError), else under the form.
describe('fieldNamed: the form field an error message is about', () => {
  const fields = [{ name: 'email' }, { name: 'password' }];
  it.each([
    ['"email" is already taken', 'email'],
    ['"password" must be at least 8 characters', 'password'],
    ['"user" is required, then "password" too', 'password'],
    ['A record with this email already exists', null],
    ['"name" is required', null],
  ])('%j names %j', (message, field) => {
    expect(fieldNamed(message, fields)).toBe(field);
  });
});

// Issue 50 §4: each field shows its own message from the answer's `fields`.
describe('fieldMessages: the message under each field of the form', () => {
  const fields = [{ name: 'title' }, { name: 'body' }];
  const both = { title: 'Title is required.', body: 'Body must not be empty.' };

  it('takes every field of the form from `fields`, and no other', () => {
    const answer = { error: 'Title is required. Body must not be empty.', fields: both };
    expect(fieldMessages(answer, fields)).toEqual(both);
    const other = { error: 'x', fields: { ...both, slug: 'Slug is taken.' } };
    expect(fieldMessages(other, fields)).toEqual(both);
  });

  it("reads the paths under the route's envelope by the form's names", () => {
    const answer = { error: 'x', fields: { 'post.title': 'Title is required.' } };
    expect(fieldMessages(answer, fields, 'post')).toEqual({ title: 'Title is required.' });
  });

  it('without `fields`, puts the message under the field it quotes, else nowhere', () => {
    expect(fieldMessages({ error: '"title" is taken', fields: {} }, fields)).toEqual({
      title: '"title" is taken',
    });
    expect(fieldMessages({ error: 'Forbidden', fields: {} }, fields)).toEqual({});
  });
});

const ORIGIN = 'http://app.test:3000';

describe("pathOnThisSite: the form's check of where it navigates", () => {
  it.each([
    // Leave the origin as they are written.
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example',
    'http://app.test:4000/x',
    'javascript:alert(1)',
    // Stay on the origin, but resolve to a path that starts with "//", which the router reads
    // as another host (issue 36).
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/x/..//evil.example/x',
    '/%2e//evil.example/x',
    '/%2E%2E//evil.example/x',
    '/.\\/evil.example/x',
  ])('refuses %j', (target) => {
    expect(pathOnThisSite(target, ORIGIN)).toBeNull();
  });

  it.each([
    ['/notes', '/notes'],
    ['/signup?from=login#top', '/signup?from=login#top'],
    ['/a/./b/../c', '/a/c'],
    ['/a/b?next=//x', '/a/b?next=//x'],
    [`${ORIGIN}/notes`, '/notes'],
    ['notes', '/notes'],
    // An encoded tab is not a tab: a path of the app.
    ['/%09/evil.example', '/%09/evil.example'],
  ])('takes %j as %j', (target, path) => {
    expect(pathOnThisSite(target, ORIGIN)).toBe(path);
  });
});
