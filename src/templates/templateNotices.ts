import fs from 'fs';
import path from 'path';
import { templateCatalog, type CatalogEntry, type IgnoredTemplateFile } from './templateCatalog';

/** What `generate` tells a project about its templates/ folder, all in one warning. */
export interface TemplateNotices {
  /** Overrides whose built-in changed (or was removed) since they were ejected. */
  outdated: CatalogEntry[];
  /** Files generate does not use, typically a misspelt path. */
  ignored: IgnoredTemplateFile[];
  recordProblem?: string;
}

export function templateNotices(root: string, builtinDir: string): TemplateNotices {
  if (!fs.existsSync(path.join(root, 'templates'))) return { outdated: [], ignored: [] };
  const catalog = templateCatalog(root, builtinDir, { usage: false });
  const outdated = [...catalog.templates, ...catalog.partials].filter((entry) => entry.builtinChange === 'changed' || entry.builtinChange === 'removed');
  return { outdated, ignored: catalog.ignored, ...(catalog.recordProblem ? { recordProblem: catalog.recordProblem } : {}) };
}

/** One warning block for all notices (not one per file rendered), or undefined when all is well. */
export function formatTemplateNotices(notices: TemplateNotices, builtinDir: string): string | undefined {
  const lines: string[] = [];
  for (const entry of notices.outdated) {
    const since = entry.ejectedFrom ? ` (ejected from appgen ${entry.ejectedFrom})` : '';
    lines.push(
      entry.builtinChange === 'removed'
        ? `  templates/${entry.name}: the built-in it was ejected from no longer exists${since}`
        : `  templates/${entry.name}: the built-in template changed since you ejected it${since}`,
    );
  }
  for (const file of notices.ignored) lines.push(`  templates/${file.name}: ${file.reason}${file.suggestion ? `; did you mean templates/${file.suggestion}?` : ''}`);
  if (notices.recordProblem) lines.push(`  ${notices.recordProblem}`);
  if (lines.length === 0) return undefined;

  const count = notices.outdated.length + notices.ignored.length + (notices.recordProblem ? 1 : 0);
  const fixes: string[] = [];
  const changed = notices.outdated.filter((entry) => entry.builtinChange === 'changed');
  if (changed.length) {
    const example = changed[0].name;
    fixes.push(
      `  fix: compare your copy with the new built-in, e.g. diff ${path.join(builtinDir, example)} templates/${example}`,
      `       merge what you need, then record it: appgen templates accept ${changed.map((entry) => entry.name).join(' ')}`,
    );
  }
  if (notices.ignored.length) fixes.push('  fix: rename or delete the unused files (`appgen templates list` shows every template path)');
  return [`appgen: warning: ${count} note${count === 1 ? '' : 's'} about your templates/ folder:`, ...lines, ...fixes, ''].join('\n');
}
