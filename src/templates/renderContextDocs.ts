import type { TemplateEntry } from '../render/templateRegistry';
import { allFields, literalValues, type ContextInterface, type ContextTypes, type ContextUnion } from './readContextTypes';

export const CONTEXT_DOCS_PATH = 'docs/template-contexts.md';
export const CONTEXT_DOCS_COMMAND = 'node scripts/template-contexts.js';

const anchor = (name: string) => `#${name.toLowerCase()}`;
const code = (text: string) => (text ? `\`${text.replace(/\|/g, '\\|')}\`` : '');

/** A type as table text: code, with every documented type name linked to its section. */
function typeText(type: string, documented: Set<string>): string {
  let out = '';
  let pending = '';
  for (const part of type.split(/([A-Za-z_]\w*)/)) {
    if (documented.has(part)) {
      out += `${code(pending)}[${code(part)}](${anchor(part)})`;
      pending = '';
    } else pending += part;
  }
  return out + code(pending);
}

/** `src/app/<path>/route.ts: one per view` → the path as code, then the description. */
function producesText(produces: string): string {
  const match = /^(\S+?)([,:])\s*(.*)$/.exec(produces);
  return match ? `${code(match[1])}${match[2]} ${match[3]}` : produces;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

const link = (name: string) => `[${code(name)}](${anchor(name)})`;

function interfaceSection(item: ContextInterface, documented: Set<string>): string[] {
  const lines = [`### ${item.name}`, ''];
  if (item.doc) lines.push(item.doc, '');
  if (item.extends.length) lines.push(`Every field of ${item.extends.map(link).join(' and ')}, and:`, '');
  lines.push('| Field | Type | Description |', '|---|---|---|');
  for (const field of item.fields) lines.push(`| ${code(field.name)}${field.optional ? ' (optional)' : ''} | ${typeText(field.type, documented)} | ${cell(field.doc)} |`);
  return [...lines, ''];
}

/** A union's section: which member each value of its discriminant (`operation`) picks. */
function unionSection(union: ContextUnion, types: ContextTypes): string[] {
  const lines = [`### ${union.name}`, ''];
  if (union.doc) lines.push(union.doc, '');
  if (!union.discriminant) return [...lines, `One of ${union.members.map(link).join(', ')}.`, ''];
  const key = union.discriminant;
  lines.push(`One of these, by ${code(key)}:`, '', `| ${code(key)} | Context |`, '|---|---|');
  for (const member of union.members) {
    const values = literalValues(allFields(types, member).find((field) => field.name === key)?.type ?? '');
    lines.push(`| ${values.map((value) => code(JSON.stringify(value))).join(', ')} | ${link(member)} |`);
  }
  return [...lines, ''];
}

/** Interfaces a union's members are made of: the members and what they extend. */
function family(union: ContextUnion, types: ContextTypes): Set<string> {
  const names = new Set<string>();
  const add = (name: string) => {
    if (names.has(name)) return;
    names.add(name);
    types.interfaces.find((item) => item.name === name)?.extends.forEach(add);
  };
  union.members.forEach(add);
  return names;
}

/**
 * Project-wide contexts first: they are what most templates receive. A union comes before the
 * first interface it is made of (its base, then one section per member).
 */
function sections(types: ContextTypes, documented: Set<string>): string[] {
  const first = types.interfaces.filter((item) => item.name === 'ProjectContext');
  const rest = types.interfaces.filter((item) => item.name !== 'ProjectContext');
  const pending = types.unions.map((union) => ({ union, family: family(union, types) }));
  const lines: string[] = [];
  for (const item of [...first, ...rest]) {
    for (const entry of pending.filter((p) => p.family.has(item.name))) {
      lines.push(...unionSection(entry.union, types));
      pending.splice(pending.indexOf(entry), 1);
    }
    lines.push(...interfaceSection(item, documented));
  }
  for (const entry of pending) lines.push(...unionSection(entry.union, types));
  return lines;
}

/**
 * The reference of template contexts, as Markdown: which template receives which context (from
 * the template registry) and every context type with its fields (from src/map/contexts.ts).
 */
export function renderContextDocs(types: ContextTypes, registry: readonly TemplateEntry[]): string {
  const documented = new Set([...types.interfaces.map((item) => item.name), ...types.unions.map((union) => union.name), ...types.aliases.map((alias) => alias.name)]);
  const lines = [
    '# Template contexts',
    '',
    `<!-- Generated from src/map/contexts.ts and src/render/templateRegistry.ts by \`${CONTEXT_DOCS_COMMAND}\`. Do not edit: a unit test fails when this file is out of date. -->`,
    '',
    'What each template receives when you override it in your project\'s `templates/` folder (see',
    'docs/templates.md ("Customising the templates"); `appgen templates list` shows every template and',
    'partial, and `appgen templates eject <name>` copies one to start from).',
    '',
  ];
  if (types.intro) lines.push(types.intro, '');
  lines.push(
    'Templates compile with `strict: true`: using a field that is not listed here is an error naming',
    'the template file and line. A partial (`{{> handler/auth}}`) sees the context where it is',
    'included (inside `{{#each methods}}`, a `MethodContext`) plus any `key=value` arguments;',
    '`@root` is always the context of the template being rendered.',
    '',
    'A `MethodContext` is one interface per operation (see its section): a field of some operations',
    'only (`link`, `listLimit`, `slug`) may be used where the template has narrowed the method',
    'to them, inside `{{#if (eq operation "list")}}` or `{{#if collection}}`, or in the partial',
    '`orm/<orm>/<operation>` of that operation. appgen\'s unit tests resolve every path of every',
    'built-in template against these types, on every branch (src/templates/checkTemplatePaths.ts).',
    '',
    '## Which template receives which context',
    '',
    '| Template | Produces | Context |',
    '|---|---|---|',
  );
  for (const entry of registry) lines.push(`| ${code(entry.template)} | ${cell(producesText(entry.produces))} | ${typeText(entry.context, documented)} |`);
  lines.push('', 'Files marked "written once" are yours after the first run: appgen never rewrites them (src/proxy.ts only while you have not edited it, when `cors` is set or unset).', '', '## Contexts', '');
  lines.push(...sections(types, documented));
  if (types.aliases.length) {
    lines.push('## Value types', '', 'Types from elsewhere in appgen that the contexts use, with the values they stand for.', '', '| Type | Values |', '|---|---|');
    // An HTML anchor per row: the field tables link to these types.
    for (const alias of types.aliases) lines.push(`| <a id="${alias.name.toLowerCase()}"></a>${code(alias.name)} | ${code(alias.expansion)} |`);
  }
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}
