import { layoutCall } from '../../../src/render/layoutCall';
import { layoutJsx } from '../../../src/render/layoutJsx';
import { prettierFormat } from '../support/prettier';

/** What prettier makes of a TSX module. */
const prettier = (source: string): string => prettierFormat(source, 'page.tsx');

const long = 'a'.repeat(40);

// The `callLayout` helper (a page's route calls): a call written on one line.
const CALLS = [
  'callRoute<User>(getUser, "/api/users", {}, here)',
  'callRoute<User>(getApiUsersById, "/api/users/" + encodeURIComponent(String(params.id)), { id: params.id }, here)',
  'routeAccess(patch, "PATCH", "/a/" + x, { id: params.id, other: params.other, more: params.more })',
  `cellText(shownValue(record["status"], "string", locale, { draft: "Draft", ${long}: "${long}" }))`,
  'send("GET", "/api/posts/" + encodeURIComponent(String(params.postId)) + "/comments/" + encodeURIComponent(String(params.id)), undefined, options)',
];

// The `jsxLayout` helper (a page's markup): elements written one to a line at their indentation.
const MARKUP = [
  '<p className="appgen-sign-in"><Link href={loginUrl(here)}>{"Log in"}</Link></p>',
  '<Link className="appgen-link" href={ "/login" }>{"I have an account"}</Link>',
  `<input id={"password"} name={"password"} type={"password"} autoComplete={"${long}"} required />`,
  '<AppgenForm method={ "POST" } fields={ [{ name: "a", kind: "string" }, { name: "b", kind: "string" }] } reset={ true }>',
  '  <button type="submit">{"Save"}</button>',
  '</AppgenForm>',
  `<dd>{ shownValue(data0.data["status"], "string", locale, { draft: "Draft", ${long}: "Long" }) }</dd>`,
  `<p className="appgen-empty">{ Object.keys(list0.filters).length > 0 ? "Nothing matches." : "${long}" }</p>`,
  `<ListPager pager={ data0.ok ? pagerOf(list0, data0.data.length, data0.total, data0, locale) : null } />`,
  `<td><Link href={ "/notes/" + encodeURIComponent(String(record.id)) }>{cellText(record["${long}"])}</Link></td>`,
  '<dd>{ data0.data["author"] == null ? "—" : <Link href={ "/users/" + encodeURIComponent(String(data0.data.authorId)) }>{ shownValue(data0.data["author"]?.["name"], "string", locale) }</Link> }</dd>',
  '<dd>{ data0.data["a"] == null ? "—" : <Link href={ "/a" }>{ shownValue(data0.data["a"]) }</Link> }</dd>',
  '<dd>{ data0.data["a"] == null ? "—" : <Link href={ "/a" }>{ shown(data0.data["a"]) }</Link> }</dd>',
  '<option value="">—</option>',
];

it('lays out calls and JSX elements as prettier does', () => {
  const source = [
    'export async function Page() {',
    ...CALLS.map((call, i) => layoutCall(call, 2, `const c${i} = await `, ';')),
    '  return (',
    '    <main>',
    layoutJsx(MARKUP.map((line) => `      ${line}`).join('\n')),
    '    </main>',
    '  );',
    '}',
    '',
  ].join('\n');
  expect(source).toBe(prettier(source));
});

it('lays out an element shown on a condition as prettier does', () => {
  const lines = [
    '{signedIn && <li><Link href={"/posts"}>{"Posts"}</Link></li>}',
    '{!signedIn && <Link href={"/login"}>{"Log in"}</Link>}',
    `{signedIn && <Link href={"/login"}>{"${'b'.repeat(80)}"}</Link>}`,
  ];
  const source = [
    'const nav = (',
    '  <nav>',
    layoutJsx(lines.map((l) => `    ${l}`).join('\n')),
    '  </nav>',
    ');',
    '',
  ].join('\n');
  expect(source).toBe(prettier(source));
});

/** A string literal's text (JSON's escapes, in double or single quotes). */
function textOf(literal: string): string {
  if (literal.startsWith('"')) return JSON.parse(literal) as string;
  const body = literal.slice(1, -1).replace(/\\(.)|"/g, (all, char?: string) => {
    if (char === "'") return "'";
    return char ? all : '\\"';
  });
  return JSON.parse(`"${body}"`) as string;
}

it('writes a string child longer than a line as a sum of shorter strings, as prettier does', () => {
  const title = `Quotes " ' \` back\\slash \${x} */ <b>{y}</b>\nline two ünïcødé ✓ 🚀 ${'word '.repeat(30)}`;
  const heading = layoutJsx(`      <h1>{${JSON.stringify(title)}}</h1>`);
  const link = layoutJsx(
    `      <Link href={"/notes"}>{${JSON.stringify(`${'a'.repeat(120)} "b" ${'c'.repeat(30)}`)}}</Link>`,
  );
  const source = [
    'const page = (',
    '  <main>',
    '    <div>',
    heading,
    link,
    '    </div>',
    '  </main>',
    ');',
    '',
  ];
  expect(source.join('\n')).toBe(prettier(source.join('\n')));
  expect(`${heading}\n${link}`.split('\n').every((line) => line.length <= 100)).toBe(true);
  // The same text: the pieces joined.
  const pieces = heading
    .split('\n')
    .slice(1, -1)
    .map((line) => textOf(line.trim().replace(/^\{|( \+|\})$/g, '')));
  expect(pieces.join('')).toBe(title);
  expect(pieces.length).toBeGreaterThan(1);
});
