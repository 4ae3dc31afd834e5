import { checkSameSitePath } from '../../../src/validate/sameSitePath';
import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

// Paths a browser would follow to another host: "//host", "/\host" (the URL parser reads "\" as
// "/"), the same with a tab or newline in between (browsers drop them before parsing), and
// paths whose "." and ".." segments resolve to "//host" (a client-side router reads it as a host).
const OTHER_SITE = [
  '//evil.example',
  '/\\evil.example',
  '//evil.example/users',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/.//evil.example/x',
  '/..//evil.example/x',
  '/x/..//evil.example/x',
  '/%2e//evil.example/x',
];

describe('checkSameSitePath: the one rule for redirect, href, success and loginPath', () => {
  it.each(OTHER_SITE)('refuses %j', (path) => {
    const result = checkSameSitePath(path);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.hint).not.toBe('');
  });

  it.each(['/', '/users', '/posts/:id', '/search?q=a%20b#top', '/a/b?next=//x', '/users?x=%09'])(
    'accepts %j',
    (path) => {
      expect(checkSameSitePath(path)).toEqual({ ok: true });
    },
  );

  it('says what is wrong and how to write it instead', () => {
    expect(checkSameSitePath('//evil.example/x')).toEqual({
      ok: false,
      message:
        'path "//evil.example/x" leads to another site: browsers read "//" or "/\\" at the start as the address of another host',
      hint: 'start it with a single "/" and no "\\" (e.g. "/evil.example/x"); a link to another site takes a full "https://" URL.',
    });
    expect(checkSameSitePath('/\t/evil.example')).toMatchObject({
      ok: false,
      message: 'path "/\\t/evil.example" contains a space, tab, newline or other control character',
    });
  });
});

describe('config that would send visitors to another site is refused where it is written', () => {
  const view = (root: object) => ({
    'config/views/home.json': { name: 'HomePage', path: '/home', root },
  });

  it.each(OTHER_SITE)('a link href %j', (href) => {
    const problems = problemsIn(minimalProject(view({ type: 'link', href, label: 'Go' }))).map(
      describeProblem,
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^config\/views\/home\.json:6:13 root\.href \| path .* (leads to another site|contains a space, tab, newline|becomes "\/\/)/,
      ),
    ]);
  });

  it.each(OTHER_SITE)('a form success %j', (success) => {
    const form = {
      type: 'form',
      route: 'POST /api/users',
      success,
      fields: [
        { type: 'input', id: 'name', label: 'Name' },
        { type: 'input', id: 'email', label: 'Email' },
        { type: 'button', label: 'Add' },
      ],
    };
    const problems = problemsIn(minimalProject(view(form))).map(describeProblem);
    expect(problems).toEqual([
      expect.stringMatching(
        /^config\/views\/home\.json:7:16 root\.success \| path .* (leads to another site|contains a space, tab, newline|becomes "\/\/)/,
      ),
    ]);
  });

  it.each(OTHER_SITE)('a route redirect %j', (redirect) => {
    const routes = { routes: [{ method: 'POST', path: '/api/zz', function: 'save', redirect }] };
    const problems = problemsIn(minimalProject({ 'config/routes/zz.json': routes })).map(
      describeProblem,
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^config\/routes\/zz\.json:7:19 routes\[0\]\.redirect \| path .* (leads to another site|contains a space, tab, newline|becomes "\/\/)/,
      ),
    ]);
  });

  it.each(OTHER_SITE)("the settings' loginPath %j", (loginPath) => {
    const problems = problemsIn(
      minimalProject({ 'appgen.config.json': { orm: 'prisma', loginPath } }),
    ).map(describeProblem);
    expect(problems).toEqual([
      expect.stringMatching(
        /^appgen\.config\.json:3:16 loginPath \| path .* (leads to another site|contains a space, tab, newline|becomes "\/\/)/,
      ),
    ]);
  });

  it('still takes external http(s) links, and paths of the app', () => {
    const root = {
      type: 'section',
      children: [
        { type: 'link', href: 'https://example.com/docs', label: 'Docs' },
        { type: 'link', href: '/login?next=/home', label: 'Log in' },
      ],
    };
    expect(
      problemsIn(
        minimalProject({
          ...view(root),
          'appgen.config.json': { orm: 'prisma', loginPath: '/login' },
        }),
      ),
    ).toEqual([]);
  });
});
