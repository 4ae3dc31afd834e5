import fs from 'fs';
import os from 'os';
import path from 'path';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { HELPERS } from '../../../src/render/helpers';
import { TEMPLATE_REGISTRY } from '../../../src/render/templateRegistry';
import { listTemplateFiles, partialName } from '../../../src/render/templateSet';
import { checkTemplatePaths, formatTemplatePathProblem } from '../../../src/templates/checkTemplatePaths';
import { REPO_ROOT } from '../support/paths';


const CONTEXTS = path.join(REPO_ROOT, 'src', 'map', 'contexts.ts');
const check = (dir: string) =>
  checkTemplatePaths({ contextsFile: CONTEXTS, sources: listTemplateFiles(dir, 'built-in'), registry: TEMPLATE_REGISTRY, helpers: Object.keys(HELPERS) });

describe('every path of every template against its context type', () => {
  const builtins = listTemplateFiles(BUILTIN_TEMPLATES_DIR, 'built-in');
  const report = check(BUILTIN_TEMPLATES_DIR);

  it('resolves every path the built-in templates use', () => {
    expect(report.problems.map(formatTemplatePathProblem)).toEqual([]);
    expect(report.checkedPaths).toBeGreaterThan(1000);
  });

  it('walks every built-in partial from some template', () => {
    const partials = builtins.map((source) => partialName(source.name)).filter((name): name is string => name !== undefined);
    expect(partials.filter((name) => !report.reachedPartials.has(name))).toEqual([]);
  });
});

/** The problems found once `line` is added as line `at` of a copy of the built-in `template` (a path under templates/). */
function plantedProblems(template: string, at: number, line: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-template-paths-'));
  try {
    fs.cpSync(BUILTIN_TEMPLATES_DIR, dir, { recursive: true });
    const file = path.join(dir, ...template.split('/'));
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.splice(at - 1, 0, line);
    fs.writeFileSync(file, lines.join('\n'));
    return check(dir).problems.map(formatTemplatePathProblem);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('a misspelled field on a branch that never renders', () => {
  it('fails with the template file, line and the field meant', () => {
    expect(plantedProblems('partials/orm/prisma/list.hbs', 2, '{{#if false}}{{num listQuery.pagSize}}{{/if}}')).toEqual([
      'templates/partials/orm/prisma/list.hbs:2:20: "listQuery.pagSize": "pagSize" is not a field of ListQueryContext (did you mean "pageSize"?)',
    ]);
  });
});

describe('a field of some operations only', () => {
  it('is refused where the method may be of another operation, and allowed where it is narrowed to them', () => {
    // Line 17 of the route template is inside `{{#each methods}}`, for every operation: `listLimit` is a list's only, `link` a link route's.
    const problems = plantedProblems('src/app/[route]/route.ts.hbs', 17, '{{#if (eq operation "list")}}{{listLimit}}{{/if}}{{#if (or (eq operation "link") (eq operation "unlink"))}}{{link.relation}}{{/if}}{{link.relation}}');
    expect(problems).toEqual([expect.stringMatching(/^templates\/src\/app\/\[route\]\/route\.ts\.hbs:17:134: "link.relation": "link" is a field of LinkMethodContext only, and this is also rendered with ListMethodContext \| GetMethodContext \| .*FunctionMethodContext$/)]);
  });
});
