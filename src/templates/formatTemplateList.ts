import path from 'path';
import { partialName } from '../render/templateSet';
import type { PartialUse } from './partialUsage';
import { CONTEXT_DOCS_PATH } from './renderContextDocs';
import type { CatalogEntry, TemplateCatalog } from './templateCatalog';

/** `[overridden; its built-in changed since ejection]`, or '' for a plain built-in. */
function tag(entry: CatalogEntry): string {
  const parts: string[] = [];
  if (entry.state === 'overridden') parts.push('overridden');
  if (entry.state === 'project') parts.push(entry.partial ? 'new partial (project only)' : 'project only');
  if (entry.builtinChange === 'changed') parts.push('its built-in changed since ejection');
  if (entry.builtinChange === 'removed') parts.push('its built-in no longer exists');
  if (entry.problem) parts.push(entry.problem.split('\n')[0]);
  return parts.length ? `[${parts.join('; ')}]` : '';
}

const userName = (file: string) => partialName(file) ?? file;

function usage(uses: readonly PartialUse[]): string {
  const named = uses.filter((use) => !use.dynamic).map((use) => userName(use.by));
  const picked = uses.filter((use) => use.dynamic).map((use) => userName(use.by));
  const parts = [named.length ? `used by ${named.join(', ')}` : '', picked.length ? `picked at run time by ${picked.join(', ')}` : ''].filter(Boolean);
  return parts.length ? parts.join('; ') : 'used by nothing';
}

/** `appgen templates list` as text: templates with output and context, then partials with use. */
export function formatTemplateList(catalog: TemplateCatalog, root: string): string {
  const all = [...catalog.templates, ...catalog.partials];
  const overridden = all.filter((entry) => entry.state === 'overridden').length;
  const added = all.filter((entry) => entry.state === 'project').length;
  const projectDir = path.relative(root, catalog.projectDir) || '.';
  const lines = [
    `Built-in templates: ${catalog.builtinDir}`,
    `Project templates:  ${projectDir}/ (${overridden} overridden, ${added} added)`,
    '',
    `Templates: override one with a file at templates/<path>; contexts in ${CONTEXT_DOCS_PATH}`,
  ];
  for (const entry of catalog.templates) {
    lines.push(`  ${entry.name}${tag(entry) ? `  ${tag(entry)}` : ''}`);
    if (entry.produces) lines.push(`      produces  ${entry.produces}${entry.owner === 'user' ? ' (yours after that)' : ''}`);
    if (entry.context) lines.push(`      context   ${entry.context}`);
  }
  const width = Math.max(0, ...catalog.partials.map((entry) => (entry.partial ?? '').length));
  lines.push('', 'Partials: include with {{> name}}; override one with a file at templates/partials/<name>.hbs');
  for (const entry of catalog.partials) {
    const line = `  ${(entry.partial ?? '').padEnd(width)}  ${usage(entry.usedBy ?? [])}`;
    lines.push(tag(entry) ? `${line}  ${tag(entry)}` : line);
  }
  if (catalog.ignored.length) {
    lines.push('', 'Ignored by generate:');
    for (const file of catalog.ignored) lines.push(`  templates/${file.name}: ${file.reason}${file.suggestion ? `; did you mean templates/${file.suggestion}?` : ''}`);
  }
  if (catalog.recordProblem) lines.push('', `warning: ${catalog.recordProblem}`);
  lines.push('', 'Copy one to start from: appgen templates eject <path or partial name>; all of them: appgen templates eject --all');
  return `${lines.join('\n')}\n`;
}
