import fs from 'fs';
import path from 'path';
import { TEMPLATE_REGISTRY } from '../../../src/render/templateRegistry';
import { parseContextSpec, typeNamesIn } from '../../../src/templates/contextSpec';
import { allFields, literalValues, readContextTypes, type ContextTypes } from '../../../src/templates/readContextTypes';
import { CONTEXT_DOCS_COMMAND, CONTEXT_DOCS_PATH, renderContextDocs } from '../../../src/templates/renderContextDocs';
import { REPO_ROOT } from '../support/paths';
import { projectContext, RICH_PROJECTS } from './fixtures';

const types: ContextTypes = readContextTypes(path.join(REPO_ROOT, 'src', 'map', 'contexts.ts'));
const interfaces = new Map(types.interfaces.map((item) => [item.name, { ...item, fields: allFields(types, item.name) }]));
const unions = new Map(types.unions.map((union) => [union.name, union]));

describe(CONTEXT_DOCS_PATH, () => {
  it(`is up to date with src/map/contexts.ts and the template registry (else run ${CONTEXT_DOCS_COMMAND})`, () => {
    const current = fs.readFileSync(path.join(REPO_ROOT, CONTEXT_DOCS_PATH), 'utf8').split('\n');
    const expected = renderContextDocs(types, TEMPLATE_REGISTRY).split('\n');
    const line = expected.findIndex((text, i) => current[i] !== text);
    const firstDifference = line < 0 && current.length === expected.length ? 'none' : `line ${line + 1}: ${JSON.stringify(current[line])}, expected ${JSON.stringify(expected[line])}`;
    expect(firstDifference).toBe('none');
  });

  it('documents every context interface with every field, and keeps doc comments whole', () => {
    expect([...interfaces.keys()]).toEqual(expect.arrayContaining(['ProjectContext', 'RouteFileContext', 'MethodBase', 'ListMethodContext', 'ViewContext', 'ModelContext', 'ElementContext']));
    expect(unions.get('MethodContext')).toMatchObject({ discriminant: 'operation', members: expect.arrayContaining(['ListMethodContext', 'CollectionMethodContext', 'FunctionMethodContext']) });
    const field = interfaces.get('FieldContext')?.fields.find((f) => f.name === 'prismaAttributes');
    // `@default(...)` must not be cut off as if it were a JSDoc tag.
    expect(field?.doc).toContain('@default(uuid(7))');
    expect(types.aliases.find((alias) => alias.name === 'HttpMethod')?.expansion).toBe('"DELETE" | "GET" | "PATCH" | "POST" | "PUT"');
  });

  it('links type names to their sections and escapes pipes in tables', () => {
    const text = renderContextDocs(types, TEMPLATE_REGISTRY);
    expect(text).toContain('| `methods` | [`MethodContext`](#methodcontext)`[]` |');
    expect(text).toContain('`string \\| null`');
    for (const anchor of text.matchAll(/\]\(#(\w+)\)/g)) expect(text).toMatch(new RegExp(`(^### ${anchor[1]}$|id="${anchor[1]}")`, 'im'));
  });
});

describe('the context of each template in the registry', () => {
  it.each(TEMPLATE_REGISTRY.map((entry) => [entry.template, entry.context]))('%s names documented types (%s)', (_template, context) => {
    const spec = parseContextSpec(context);
    const named = [spec.base, ...spec.fields.flatMap((field) => typeNamesIn(field.type))].filter((name): name is string => name !== null);
    for (const name of named) expect(interfaces.has(name) || unions.has(name)).toBe(true);
  });

  /**
   * Checks a value against a type as written in contexts.ts: an interface must have exactly its
   * documented fields (all present, as `strict` templates rely on), recursively.
   */
  function expectShape(value: unknown, type: string, where: string, problems: string[]): void {
    const nullable = /^(.+) \| null$/.exec(type);
    if (nullable) {
      if (value !== null) expectShape(value, nullable[1], where, problems);
      return;
    }
    const array = /^(\w+)\[\]$/.exec(type);
    if (array) {
      if (!Array.isArray(value)) problems.push(`${where}: not an array`);
      else value.forEach((item, i) => expectShape(item, array[1], `${where}[${i}]`, problems));
      return;
    }
    const union = unions.get(type);
    if (union) {
      // The member its discriminant (`operation`) names.
      const key = union.discriminant ?? '';
      const picked = (value as Record<string, unknown>)[key];
      const member = union.members.find((name) => literalValues(interfaces.get(name)?.fields.find((field) => field.name === key)?.type ?? '').includes(String(picked)));
      if (!member) problems.push(`${where} (${type}): no member has ${key} ${JSON.stringify(picked)}`);
      else expectShape(value, member, where, problems);
      return;
    }
    const item = interfaces.get(type);
    if (!item) return;
    const actual = Object.keys(value as object).sort();
    const documented = item.fields.map((field) => field.name).sort();
    if (actual.join() !== documented.join()) problems.push(`${where} (${type}): has ${actual.join(', ')}; documented ${documented.join(', ')}`);
    for (const field of item.fields) expectShape((value as Record<string, unknown>)[field.name], field.type, `${where}.${field.name}`, problems);
  }

  it('the shape check itself finds missing and undocumented fields', () => {
    const problems: string[] = [];
    expectShape({ href: '/', label: 'Home', extra: 1 }, 'NavLinkContext', 'link', problems);
    expectShape([{ href: '/' }], 'NavLinkContext[]', 'links', problems);
    expect(problems).toEqual(['link (NavLinkContext): has extra, href, label; documented homePartial, href, label, navPartial, signedInOnly, signedOutOnly', 'links[0] (NavLinkContext): has href; documented homePartial, href, label, navPartial, signedInOnly, signedOutOnly']);
  });

  it.each(Object.keys(RICH_PROJECTS))('matches what templates really receive in project %s', (name) => {
    const project = projectContext(RICH_PROJECTS[name]);
    const problems: string[] = [];
    for (const entry of TEMPLATE_REGISTRY) {
      const spec = parseContextSpec(entry.context);
      for (const output of entry.outputs(project)) {
        const context = output.context as Record<string, unknown>;
        const base = spec.base ? (interfaces.get(spec.base)?.fields.map((field) => field.name) ?? []) : [];
        const expected = [...base, ...spec.fields.map((field) => field.name)].sort();
        const where = `${entry.template} → ${output.path}`;
        if (Object.keys(context).sort().join() !== expected.join()) problems.push(`${where}: has ${Object.keys(context).sort().join(', ')}; documented ${expected.join(', ')}`);
        if (spec.base) expectShape(Object.fromEntries(base.map((key) => [key, context[key]])), spec.base, where, problems);
        for (const field of spec.fields) expectShape(context[field.name], field.type, `${where} .${field.name}`, problems);
      }
    }
    expect(problems).toEqual([]);
  });

  it('is reached by the projects above for every template, so the check covers them all', () => {
    const reached = new Set(Object.values(RICH_PROJECTS).flatMap((root) => {
      const project = projectContext(root);
      return TEMPLATE_REGISTRY.filter((entry) => entry.outputs(project).length > 0).map((entry) => entry.template);
    }));
    expect(TEMPLATE_REGISTRY.map((entry) => entry.template).filter((template) => !reached.has(template))).toEqual([]);
  });
});
