import type { TemplateEntry } from '../render/templateRegistry';
import type { ContextInterface, ContextTypes } from './readContextTypes';

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

function interfaceSection(item: ContextInterface, documented: Set<string>): string[] {
  const lines = [`### ${item.name}`, ''];
  if (item.doc) lines.push(item.doc, '');
  lines.push('| Field | Type | Description |', '|---|---|---|');
  for (const field of item.fields) lines.push(`| ${code(field.name)}${field.optional ? ' (optional)' : ''} | ${typeText(field.type, documented)} | ${cell(field.doc)} |`);
  return [...lines, ''];
}

/** Project-wide contexts first: they are what most templates receive. */
function ordered(interfaces: ContextInterface[]): ContextInterface[] {
  const first = interfaces.filter((item) => item.name === 'ProjectContext');
  return [...first, ...interfaces.filter((item) => item.name !== 'ProjectContext')];
}

/**
 * The reference of template contexts, as Markdown: which template receives which context (from
 * the template registry) and every context type with its fields (from src/map/contexts.ts).
 */
export function renderContextDocs(types: ContextTypes, registry: readonly TemplateEntry[]): string {
  const documented = new Set([...types.interfaces.map((item) => item.name), ...types.aliases.map((alias) => alias.name)]);
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
    '## Which template receives which context',
    '',
    '| Template | Produces | Context |',
    '|---|---|---|',
  );
  for (const entry of registry) lines.push(`| ${code(entry.template)} | ${cell(producesText(entry.produces))} | ${typeText(entry.context, documented)} |`);
  lines.push('', 'Files marked "written once" are yours after the first run: appgen never rewrites them (src/proxy.ts only while you have not edited it, when `cors` is set or unset).', '', '## Contexts', '');
  for (const item of ordered(types.interfaces)) lines.push(...interfaceSection(item, documented));
  if (types.aliases.length) {
    lines.push('## Value types', '', 'Types from elsewhere in appgen that the contexts use, with the values they stand for.', '', '| Type | Values |', '|---|---|');
    // An HTML anchor per row: the field tables link to these types.
    for (const alias of types.aliases) lines.push(`| <a id="${alias.name.toLowerCase()}"></a>${code(alias.name)} | ${code(alias.expansion)} |`);
  }
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}
