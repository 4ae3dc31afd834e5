import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { matchesPattern } from '../../../src/render/templateAnalysis';
import { TEMPLATE_REGISTRY } from '../../../src/render/templateRegistry';
import { listTemplateFiles, partialName } from '../../../src/render/templateSet';
import { partialUsage, VALUES_BY_CONTEXT_FIELD } from '../../../src/templates/partialUsage';
import { makeProject, removeTempProjects } from '../support/tempProject';
import { projectContext, RICH_PROJECTS } from './fixtures';

afterAll(removeTempProjects);

const builtins = listTemplateFiles(BUILTIN_TEMPLATES_DIR, 'built-in');
const { uses, problems } = partialUsage(builtins);
const usersOf = (partial: string) => (uses.get(partial) ?? []).map((use) => `${use.by}${use.dynamic ? ' (dynamic)' : ''}`);

describe('where partials are used', () => {
  it('reads every built-in template', () => {
    expect([...problems]).toEqual([]);
  });

  it('finds named, concat-built and context-picked partials', () => {
    expect(usersOf('view/element')).toEqual(['partials/view/form.hbs', 'partials/view/section.hbs', 'src/app/[view]/page.tsx.hbs']);
    expect(usersOf('view/list')).toEqual(['partials/view/element.hbs (dynamic)']);
    // A method's steps (src/map/methodSteps.ts) pick them: the route template renders each.
    expect(usersOf('orm/prisma/load')).toEqual(['src/app/[route]/route.ts.hbs (dynamic)']);
    expect(usersOf('orm/none/create')).toEqual(['src/app/[route]/route.ts.hbs (dynamic)']);
    expect(usersOf('handler/voterSelf')).toEqual(['src/app/[route]/route.ts.hbs (dynamic)']);
    expect(usersOf('http/databaseError/unique')).toEqual(['partials/http/databaseError.hbs (dynamic)']);
    expect(usersOf('records/computed/callerIn')).toEqual(['src/appgen/records.ts.hbs (dynamic)']);
  });

  it('finds a use of every built-in partial (none is dead or missed)', () => {
    const unused = builtins.map((source) => partialName(source.name)).filter((name): name is string => name !== undefined && usersOf(name).length === 0);
    expect(unused).toEqual([]);
  });

  it('every non-partial built-in template is in the registry', () => {
    const registered = new Set(TEMPLATE_REGISTRY.map((entry) => entry.template));
    expect(builtins.map((source) => source.name).filter((name) => partialName(name) === undefined && !registered.has(name))).toEqual([]);
  });

  it('expands a picked name by the values it can take: an operation picks its ORM partial, no other', () => {
    expect(usersOf('orm/drizzle/list')).toEqual(['src/app/[route]/route.ts.hbs (dynamic)']);
    expect(usersOf('orm/prisma/include')).not.toContain('src/app/[route]/route.ts.hbs (dynamic)');
    expect(usersOf('orm/drizzle/await')).not.toContain('src/app/[route]/route.ts.hbs (dynamic)');
  });

  it.each(Object.keys(RICH_PROJECTS))('knows every operation that project %s uses', (name) => {
    const unknown = projectContext(RICH_PROJECTS[name]).methods.map((method) => method.operation).filter((operation) => !VALUES_BY_CONTEXT_FIELD.operation.includes(operation));
    expect(unknown).toEqual([]);
  });

  it('reports a file it cannot read instead of failing', () => {
    const dir = makeProject({ 'src/app/layout.tsx.hbs': '{{#if x}}\n', 'partials/extra/note.hbs': 'note' });
    const result = partialUsage([...builtins, ...listTemplateFiles(dir, 'project')]);
    expect(result.problems.get('src/app/layout.tsx.hbs')).toMatch(/^templates\/src\/app\/layout\.tsx\.hbs: line 2: syntax error/);
    expect(result.uses.get('extra/note')).toEqual([]);
  });
});

describe('matchesPattern', () => {
  it.each([
    ['orm/*/load', 'orm/prisma/load', true],
    ['orm/*/load', 'orm/prisma/x/load', false],
    ['orm/*/load', 'orm/prisma/loader', false],
    ['handler/function', 'handler/function', true],
  ])('%s ~ %s: %s', (pattern, name, expected) => {
    expect(matchesPattern(pattern, name)).toBe(expected);
  });
});
