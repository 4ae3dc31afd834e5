import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

/** Posts in categories (optional), written by users: a post form's category select. */
const MODELS = {
  'config/models/Category.json': {
    name: 'Category',
    fields: { name: 'string', secret: { type: 'string', hidden: true } },
  },
  'config/models/Post.json': {
    name: 'Post',
    fields: {
      title: 'string',
      categoryId: { type: 'uuid', optional: true },
      note: { type: 'string', optional: true },
    },
    relations: { category: { type: 'belongsTo', model: 'Category', onDelete: 'setNull' } },
  },
};
const ROUTES = {
  'config/routes/categories.json': {
    routes: [
      { method: 'GET', path: '/api/categories', response: 'Category[]' },
      { method: 'GET', path: '/api/categories/:id', params: { id: 'uuid' }, response: 'Category' },
      { method: 'GET', path: '/api/named', response: 'Category[]', fields: ['id'] },
    ],
  },
  'config/routes/posts.json': {
    routes: [
      { method: 'GET', path: '/api/posts', response: 'Post[]' },
      {
        method: 'POST',
        path: '/api/posts',
        body: { title: 'string', categoryId: 'uuid', note: 'string' },
        response: 'Post',
      },
    ],
  },
};

function project(select: Record<string, unknown>) {
  return minimalProject({
    ...structuredClone(MODELS),
    ...structuredClone(ROUTES),
    'config/views/newPost.json': {
      name: 'NewPostPage',
      path: '/posts/new',
      root: {
        type: 'form',
        route: 'POST /api/posts',
        fields: [
          { type: 'input', id: 'title', label: 'Title' },
          { type: 'select', id: 'categoryId', label: 'Category', ...select },
          { type: 'button', label: 'Publish' },
        ],
      },
    },
  });
}

const problems = (select: Record<string, unknown>) =>
  problemsIn(project(select)).map(describeProblem);

describe('a select fed by a list route ("options": "GET /path", "optionLabel")', () => {
  it('accepts a belongsTo key with a list route of the related model and a sent label field', () => {
    expect(problems({ options: 'GET /api/categories', optionLabel: 'name' })).toEqual([]);
  });

  it('refuses an unknown route, with the closest declared one', () => {
    expect(problems({ options: 'GET /api/categorys', optionLabel: 'name' })).toEqual([
      expect.stringMatching(
        /newPost\.json:\d+:\d+ root\.fields\[1\]\.options \| no route "GET \/api\/categorys" is declared in config\/routes \| did you mean "GET \/api\/categories"/,
      ),
    ]);
  });

  it('refuses a route that is not a GET list route', () => {
    expect(problems({ options: 'POST /api/posts', optionLabel: 'name' })).toEqual([
      expect.stringMatching(
        /root\.fields\[1\]\.options \| string "POST \/api\/posts" must be a GET list route such as "GET \/api\/categories" \(or a list of choices\)/,
      ),
    ]);
    expect(problems({ options: 'GET /api/categories/:id', optionLabel: 'name' })).toEqual([
      expect.stringMatching(
        /root\.fields\[1\]\.options \| route "GET \/api\/categories\/:id" has path parameters \(:id\), but the options of a select are read from a route without \| bind a GET route that lists/,
      ),
    ]);
  });

  it('refuses a route answering one record', () => {
    const files = project({ options: 'GET /api/categories/one', optionLabel: 'name' });
    const routes = files['config/routes/categories.json'] as { routes: unknown[] };
    routes.routes.push({
      method: 'GET',
      path: '/api/categories/one',
      response: 'Category',
      function: 'oneCategory',
    });
    expect(problemsIn(files).map(describeProblem)).toEqual([
      expect.stringMatching(
        /root\.fields\[1\]\.options \| route "GET \/api\/categories\/one" does not answer a list/,
      ),
    ]);
  });

  it("refuses a route of another model than the relation's, naming the right one", () => {
    expect(problems({ options: 'GET /api/posts', optionLabel: 'title' })).toEqual([
      expect.stringMatching(
        /root\.fields\[1\]\.options \| route "GET \/api\/posts" answers Post records, but "categoryId" holds the id of a Category \(relation "category"\) \| bind a route listing Category records: "GET \/api\/categories", "GET \/api\/named"\./,
      ),
    ]);
  });

  it('refuses a field that is no belongsTo key', () => {
    const files = project({ options: 'GET /api/categories', optionLabel: 'name' });
    const view = files['config/views/newPost.json'] as {
      root: { fields: Array<Record<string, unknown>> };
    };
    view.root.fields[1].id = 'note';
    expect(problemsIn(files).map(describeProblem)).toEqual([
      expect.stringMatching(
        /root\.fields\[1\]\.options \| select "note" sends the id of a Category record, but "note" is not the field of a belongsTo relation of Post \| give Post a relation/,
      ),
    ]);
  });

  it('needs optionLabel, a field the route sends, with did-you-mean', () => {
    expect(problems({ options: 'GET /api/categories' })).toEqual([
      expect.stringMatching(
        /root\.fields\[1\] \| select "categoryId" takes its options from "GET \/api\/categories" but has no "optionLabel" to show for each Category \| add "optionLabel": the field of Category to show, e\.g\. "optionLabel": "name"\./,
      ),
    ]);
    expect(problems({ options: 'GET /api/categories', optionLabel: 'nmae' })).toEqual([
      expect.stringMatching(
        /root\.fields\[1\]\.optionLabel \| optionLabel "nmae" is not a field of model Category \| did you mean "name"/,
      ),
    ]);
    expect(problems({ options: 'GET /api/categories', optionLabel: 'secret' })).toEqual([
      expect.stringMatching(/optionLabel "secret" is never sent \(Category\.secret is hidden\)/),
    ]);
    expect(problems({ options: 'GET /api/named', optionLabel: 'name' })).toEqual([
      expect.stringMatching(/optionLabel "name" is not among the fields "GET \/api\/named" sends/),
    ]);
  });

  it('refuses optionLabel without a route in options', () => {
    expect(problems({ options: ['a'], optionLabel: 'name' })).toEqual([
      expect.stringMatching(
        /root\.fields\[1\]\.optionLabel \| "optionLabel" names the field shown for each record of a route's answer, but select "categoryId" has no route in "options" \| set "options" to a GET list route/,
      ),
    ]);
  });
});
