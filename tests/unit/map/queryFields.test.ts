import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';

// Inputs that start with the page's query (`fromQuery`: a mailed link's `?token=`), hidden inputs,
// and a form's own `notice`: what the page renders, and the config error of a field started both
// by the query and by an edit form's record. tests/e2e/starter-app.test.ts opens the starter's
// reset and verification pages built on them.

const ACCOUNT = {
  name: 'Account',
  fields: { email: { type: 'string', unique: true }, password: 'password' },
};
const ROUTES = [
  {
    method: 'POST',
    path: '/api/reset',
    account: 'resetPassword',
    body: {
      token: { type: 'string', required: true },
      password: { type: 'password', required: true },
    },
  },
  { method: 'GET', path: '/api/accounts/:id', params: { id: 'uuid' }, response: 'Account' },
  {
    method: 'PATCH',
    path: '/api/accounts/:id',
    params: { id: 'uuid' },
    body: { email: 'string' },
    response: 'Account',
  },
];
const form = (fields: unknown[], extra: object = {}) => ({
  name: 'ResetPage',
  path: '/reset',
  root: { type: 'form', route: 'POST /api/reset', fields, ...extra },
});
const files = (view: object) =>
  minimalProject({
    'appgen.config.json': { orm: 'prisma', accounts: { model: 'Account' } },
    'config/models/Account.json': ACCOUNT,
    'config/routes/accounts.json': { routes: ROUTES },
    'config/views/reset.json': view,
  });
const token = { type: 'input', id: 'token', label: 'Link', inputType: 'hidden', fromQuery: true };
const password = { type: 'input', id: 'password', label: 'New password' };

describe('inputs from the query, hidden inputs, a form notice', () => {
  it('renders a hidden input that starts with ?token=, and the page reads its query', () => {
    const rendered = renderFiles(
      files(form([token, password, { type: 'button', label: 'Save' }], { notice: 'Done.' })),
    );
    const page = rendered.get('src/app/reset/page.tsx')?.content ?? '';
    expect(page).toContain('const search = pageSearch(await props.searchParams);');
    expect(page).toContain(
      '<input name={"token"} type="hidden" required defaultValue={search.get("token") ?? ""} />',
    );
    // No label and no field error for what the visitor cannot see.
    expect(page).not.toContain('htmlFor={"token"}');
    expect(page).not.toContain('<FieldError name={"token"}');
    expect(page).toContain('notice={"Done."}');
    // A visible input may start with the query too.
    const visible = renderFiles(files(form([{ ...token, inputType: undefined }, password])));
    expect(visible.get('src/app/reset/page.tsx')?.content).toMatch(
      /<label htmlFor=\{"token"\}>\{"Link"\}<\/label>\s*<input\s+id=\{"token"\}\s+name=\{"token"\}\s+type=\{"text"\}\s+required\s+defaultValue=\{search\.get\("token"\) \?\? ""\}/,
    );
  });

  it('reads no query on a page without such a field', () => {
    const rendered = renderFiles(files(form([{ ...token, fromQuery: undefined }, password])));
    expect(rendered.get('src/app/reset/page.tsx')?.content).not.toContain('searchParams');
  });

  it('refuses fromQuery in an edit form, whose record fills the field', () => {
    const edit = {
      name: 'EditPage',
      path: '/accounts/:id/edit',
      root: {
        type: 'form',
        route: 'PATCH /api/accounts/:id',
        load: 'GET /api/accounts/:id',
        fields: [{ type: 'input', id: 'email', label: 'Email', fromQuery: true }],
      },
    };
    expect(problemsIn(files(edit)).map(describeProblem)).toEqual([
      expect.stringMatching(
        /config\/views\/reset\.json:\d+:\d+ root\.fields\[0\]\.fromQuery \| input "email" starts with the page's query, and its form's "load" fills it from a record \| remove "fromQuery"/,
      ),
    ]);
  });
});
