import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { TemplateError, TemplateSet } from '../../../src/render/templateSet';
import { makeProject, removeTempProjects } from '../support/tempProject';

afterAll(removeTempProjects);

/** A page context as src/map/mapViews.ts makes it, with the given root element. */
function pageContext(fields: { title: string; root: Record<string, unknown> }): object {
  return {
    name: 'LoginPage',
    urlPath: '/login',
    params: [],
    hasParams: false,
    auth: false,
    usesLink: false,
    usesForm: false,
    usesRequest: false,
    routeImports: [],
    modelTypes: [],
    viewHelpers: [],
    loads: [],
    accessChecks: [],
    source: 'config/views/login.json',
    propsParameter: '',
    setup: [],
    heading: null,
    headingPartial: 'view/title/fixed',
    pageClass: 'appgen-page',
    metadataPartial: 'view/metadata/fixed',
    metadataSetup: [],
    ...fields,
  };
}

const CONTEXT = {
  name: 'User',
  fields: [{ name: 'id', type: 'uuid', tsType: 'string', optional: false, hidden: false }],
  sentFields: [{ name: 'id', apiType: 'string' }],
  relations: [],
  declaredRelations: [],
  usesJson: false,
  hasTypeImports: false,
  computed: [],
  urls: [],
  relatedModels: [],
  hiddenFields: [],
  typeNotes: [],
  indexes: [],
  project: {},
};

function thrown(work: () => unknown): TemplateError {
  try {
    work();
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('expected a TemplateError');
}

describe('TemplateSet', () => {
  it('lists the built-in templates and partials, without the create-appgen files', () => {
    const names = new TemplateSet(BUILTIN_TEMPLATES_DIR).list().map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'src/app/[route]/route.ts.hbs',
        'partials/view/element.hbs',
        'prisma/schema.prisma.hbs',
      ]),
    );
    expect(names.some((name) => name.startsWith('create/'))).toBe(false);
  });

  it('lets a project template replace the built-in one of the same path', () => {
    const projectDir = makeProject({
      'src/appgen/types/[model].ts.hbs': 'export type {{ident name}} = "custom";\n',
    });
    const templates = new TemplateSet(BUILTIN_TEMPLATES_DIR, projectDir);
    expect(templates.render('src/appgen/types/[model].ts.hbs', CONTEXT)).toBe(
      'export type User = "custom";\n',
    );
    expect(templates.list().find((t) => t.name === 'src/appgen/types/[model].ts.hbs')?.origin).toBe(
      'project',
    );
  });

  it('lets a project partial replace a built-in partial everywhere it is used', () => {
    const projectDir = makeProject({ 'partials/view/element.hbs': '<p>custom</p>\n' });
    const templates = new TemplateSet(BUILTIN_TEMPLATES_DIR, projectDir);
    const page = templates.render(
      'src/app/[view]/page.tsx.hbs',
      pageContext({ title: 'Login', root: {} }),
    );
    expect(page).toContain('<p>custom</p>');
  });

  it('keeps built-ins that the project does not override', () => {
    const templates = new TemplateSet(
      BUILTIN_TEMPLATES_DIR,
      makeProject({ 'partials/extra/note.hbs': 'note' }),
    );
    expect(templates.render('src/appgen/types/[model].ts.hbs', CONTEXT)).toContain(
      'export interface User {',
    );
  });

  it('names the project file that has a syntax error, before rendering anything', () => {
    const projectDir = makeProject({ 'partials/view/element.hbs': '{{#if isForm}}<form>\n' });
    const error = thrown(() => new TemplateSet(BUILTIN_TEMPLATES_DIR, projectDir));
    expect(error.template).toBe('partials/view/element.hbs');
    expect(error.origin).toBe('project');
    expect(error.message).toMatch(/^templates\/partials\/view\/element\.hbs: /);
  });

  it('names a project template with a syntax error when it is rendered', () => {
    const projectDir = makeProject({ 'src/app/globals.css.hbs': 'body { {{#each x}} }\n' });
    const templates = new TemplateSet(BUILTIN_TEMPLATES_DIR, projectDir);
    const error = thrown(() => templates.render('src/app/globals.css.hbs', {}));
    expect(error.message).toMatch(/^templates\/src\/app\/globals\.css\.hbs: /);
  });

  it('throws a TemplateError naming the template when a context field is missing (strict)', () => {
    const projectDir = makeProject({
      'src/appgen/types/[model].ts.hbs': '{{ident name}} {{missingField}}\n',
    });
    const templates = new TemplateSet(BUILTIN_TEMPLATES_DIR, projectDir);
    const error = thrown(() => templates.render('src/appgen/types/[model].ts.hbs', CONTEXT));
    expect(error.template).toBe('src/appgen/types/[model].ts.hbs');
    expect(error.message).toMatch(
      /^templates\/src\/appgen\/types\/\[model\]\.ts\.hbs: .*"missingField"/,
    );
  });

  it('does not HTML-escape (noEscape): helpers decide the escaping', () => {
    const projectDir = makeProject({
      'src/appgen/types/[model].ts.hbs': '{{name}} & <{{name}}>\n',
    });
    expect(
      new TemplateSet(BUILTIN_TEMPLATES_DIR, projectDir).render('src/appgen/types/[model].ts.hbs', {
        name: 'A"&',
      }),
    ).toBe('A"& & <A"&>\n');
  });

  it('reports an unknown template name', () => {
    expect(
      thrown(() => new TemplateSet(BUILTIN_TEMPLATES_DIR).render('nope.hbs', {})).message,
    ).toContain('no such template');
  });

  it('never compiles config text as a template', () => {
    const out = new TemplateSet(BUILTIN_TEMPLATES_DIR).render(
      'src/app/[view]/page.tsx.hbs',
      pageContext({
        title: '{{title}} {{> view/element}}',
        root: { partial: 'view/button', label: '{{#each x}}' },
      }),
    );
    expect(out).toContain('<h1>{"{{title}} {{> view/element}}"}</h1>');
    expect(out).toContain('{"{{#each x}}"}');
  });
});

describe('a partial called with arguments (src/render/partialArguments.ts)', () => {
  /** A project whose type template calls the partial `p` as `call` says, `p` being `partial`. */
  const rendered = (call: string, partial: string, context: object = CONTEXT) =>
    new TemplateSet(
      BUILTIN_TEMPLATES_DIR,
      makeProject({ 'src/appgen/types/[model].ts.hbs': call, 'partials/p.hbs': partial }),
    ).render('src/appgen/types/[model].ts.hbs', context);

  it('reads the arguments and every field of the caller, an argument over a field of its name', () => {
    expect(
      rendered('{{> p label="x"}}', '{{label}} {{name}} {{#each fields}}{{name}}{{/each}}'),
    ).toBe('x User id');
    expect(rendered('{{> p name="Other"}}', '{{name}}')).toBe('Other');
    // Inside {{#each}}, the item's fields; @root as in any partial.
    expect(
      rendered('{{#each fields}}{{> p label="f"}}{{/each}}', '{{label}}:{{name}}:{{@root.name}}'),
    ).toBe('f:id:User');
  });

  it('is passed the arguments over a copy of a context that is no plain object, as Handlebars does', () => {
    expect(
      rendered(
        '{{#each names}}{{> p label="n"}}{{/each}}',
        '{{label}}{{#each this}}{{this}},{{/each}};',
        {
          ...CONTEXT,
          names: ['ab'],
        },
      ),
    ).toBe('na,b,n,;');
  });

  it('keeps strict arguments: a missing field is an error with its line, and the helper is no template helper', () => {
    expect(thrown(() => rendered('\n{{> p label=nameless}}', '{{label}}')).message).toMatch(
      /"nameless" not defined/,
    );
    expect(thrown(() => rendered('{{partialArguments label="x"}}', '')).message).toMatch(
      /unknown helper "partialArguments"/,
    );
  });

  it('is compiled as a call with a context of its own: Handlebars copies no context', () => {
    // partials/orm/none/link.hbs calls {{> handler/respond value="{ success: true }"}}.
    const code = new TemplateSet(BUILTIN_TEMPLATES_DIR).precompile('partials/orm/none/link.hbs');
    expect(code).toMatch(/invokePartial\([^;]*"handler\/respond"/);
    expect(code).toContain('"partialArguments"');
    expect(code).not.toMatch(/"name":"handler\/respond","hash"/);
  });

  it('leaves a call that names a context to Handlebars: the arguments over that context', () => {
    expect(
      rendered('{{#each fields}}{{> p this label="x"}}{{/each}}', '{{label}} {{name}} {{tsType}}'),
    ).toBe('x id string');
  });
});
