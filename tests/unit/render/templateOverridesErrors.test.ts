import { TemplateError } from '../../../src/render/templateSet';
import { minimalProject } from '../support/configs';
import { generate, thrownBy } from '../support/generate';
import { ensureBuiltCli, runAppgen, STACK_TRACE } from '../support/runCli';
import { makeProject, removeTempProjects, snapshotTree, writeFiles } from '../support/tempProject';

beforeAll(ensureBuiltCli);
afterAll(removeTempProjects);

interface BadTemplate {
  /** Path under the project's templates/. */
  file: string;
  content: string;
  /** `templates/<file>: line L, column C:` as printed (the file with the mistake). */
  where: string;
  reason: RegExp;
  /** The output being rendered, for errors found while rendering (not while reading the file). */
  output?: string;
}

const ELEMENT = 'partials/view/element.hbs';
const FORM = 'partials/view/form.hbs';
const PAGE = 'src/app/[view]/page.tsx.hbs';

const CASES: Record<string, BadTemplate> = {
  'syntax error: an unclosed block': {
    file: ELEMENT,
    content: '{{#if isForm}}\n<form>\n',
    where: 'templates/partials/view/element.hbs: line 3:',
    reason:
      /syntax error: expecting .*got 'EOF' \(is a \{\{#block\}\} or \{\{!-- comment not closed\?\)/,
  },
  'syntax error: a block closed by another name': {
    file: PAGE,
    content: 'export default function Page() {\n{{#if title}}\n  return null;\n{{/each}}\n}\n',
    where: 'templates/src/app/[view]/page.tsx.hbs: line 2, column 4:',
    reason: /syntax error: \{\{#if\}\} is closed by \{\{\/each\}\}/,
  },
  'unknown helper': {
    file: PAGE,
    content: '// page\nexport const title = {{strr title}};\n',
    where: 'templates/src/app/[view]/page.tsx.hbs: line 2, column 24:',
    reason: /unknown helper "strr"; did you mean "str"\?/,
  },
  'unknown helper in a subexpression': {
    file: ELEMENT,
    content: '{{#if (equal type "form")}}<form />{{/if}}\n',
    where: 'templates/partials/view/element.hbs: line 1, column 8:',
    reason: /unknown helper "equal"/,
  },
  'unknown partial': {
    file: PAGE,
    content: 'export default function Page() {\n  return (\n    {{> view/elemnt root}}\n  );\n}\n',
    where: 'templates/src/app/[view]/page.tsx.hbs: line 3, column 5:',
    reason: /unknown partial "view\/elemnt"; did you mean "view\/element"\?/,
  },
  'missing context field (strict), in a template': {
    file: PAGE,
    content:
      'export const title = {{str title}};\n{{#each params}}\n{{ident paramName}}\n{{/each}}\nexport const path = {{str urlPth}};\n',
    where: 'templates/src/app/[view]/page.tsx.hbs: line 5, column 27:',
    reason:
      /"urlPth" not defined: the template's context has no such field \(templates compile with strict: true/,
    output: 'src/app/login/page.tsx',
  },
  'missing context field (strict), in a partial: names the partial, not its caller': {
    file: FORM,
    content: '{{#if children}}\n  <form>{{jsx labell}}</form>\n{{/if}}\n',
    where: 'templates/partials/view/form.hbs: line 2, column 15:',
    reason: /"labell" not defined/,
    output: 'src/app/login/page.tsx',
  },
  'missing context field (strict) as a helper argument': {
    file: FORM,
    content: '{{#if children}}<form />{{/if}}\n{{#if isButon}}<button />{{/if}}\n',
    where: 'templates/partials/view/form.hbs: line 2, column 7:',
    reason: /"isButon" not defined/,
    output: 'src/app/login/page.tsx',
  },
  'missing context field (strict) in a path': {
    file: 'src/app/layout.tsx.hbs',
    content: '// {{comment project.orm}}\n',
    where: 'templates/src/app/layout.tsx.hbs: line 1, column 14:',
    reason: /"orm" not defined: the value before "\.orm" is undefined/,
    output: 'src/app/layout.tsx',
  },
  'a helper refusing its value': {
    file: 'src/app/layout.tsx.hbs',
    content: 'export const links = {{ident navLinks}};\n',
    where: 'templates/src/app/layout.tsx.hbs:',
    reason: /not an identifier: \[/,
    output: 'src/app/layout.tsx',
  },
};

/** A project generated once with the built-ins, then given a bad template. */
function projectWith(bad: BadTemplate): string {
  const root = makeProject(minimalProject());
  generate(root);
  writeFiles(root, { [`templates/${bad.file}`]: bad.content });
  return root;
}

describe.each(Object.entries(CASES))('a project template with a mistake: %s', (_name, bad) => {
  it('throws a TemplateError naming the file and line, and leaves the project untouched', () => {
    const root = projectWith(bad);
    const before = snapshotTree(root);
    const error = thrownBy(() => generate(root)) as TemplateError;
    expect(error).toBeInstanceOf(TemplateError);
    expect(error.origin).toBe('project');
    expect(error.template).toBe(bad.file);
    expect(error.message.startsWith(`${bad.where} `)).toBe(true);
    expect(error.message).toMatch(bad.reason);
    expect(error.output).toBe(bad.output);
    if (bad.output) expect(error.message).toContain(`\n  while rendering ${bad.output}`);
    expect(snapshotTree(root)).toEqual(before);
  });

  it('appgen generate exits 1 with that message, no stack trace, and the tree byte-identical', () => {
    const root = projectWith(bad);
    const before = snapshotTree(root);
    const result = runAppgen(['generate', '--cwd', root]);
    expect(result.status).toBe(1);
    expect(result.stderr.startsWith(`error: template ${bad.where} `)).toBe(true);
    expect(result.stderr).toMatch(bad.reason);
    expect(result.stderr).toContain('  fix: correct the template; nothing was written.');
    expect(result.stderr).not.toMatch(STACK_TRACE);
    expect(result.stdout).toBe('');
    expect(snapshotTree(root)).toEqual(before);
  });
});

describe('mistakes found by reading the template', () => {
  it('are reported even in a branch the config does not reach', () => {
    // minimalProject has no hasParams view: the {{#if}} body never renders, yet it is checked.
    const root = projectWith({
      file: PAGE,
      content: '{{#if hasParams}}\n{{> nothing/here}}\n{{/if}}\n',
      where: '',
      reason: /./,
    });
    expect((thrownBy(() => generate(root)) as Error).message).toMatch(
      /^templates\/src\/app\/\[view\]\/page\.tsx\.hbs: line 2, column 1: unknown partial "nothing\/here"/,
    );
  });

  it('accept helpers of block params, inline partials and partial blocks with a fallback', () => {
    const root = makeProject(minimalProject());
    writeFiles(root, {
      [`templates/${PAGE}`]: [
        '{{#*inline "heading"}}<h1>{{jsx title}}</h1>{{/inline}}',
        'export default function Page() {',
        '  return (<main>{{> heading}}{{#> maybe/missing}}{{/maybe/missing}}</main>);',
        '}',
        '',
      ].join('\n'),
    });
    const page = generate(root).files.get('src/app/login/page.tsx')?.content;
    expect(page).toContain('<main><h1>{"Login"}</h1></main>');
  });
});
