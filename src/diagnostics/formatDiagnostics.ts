import type { Diagnostic } from './diagnostic';
import { shortenLongValues } from './shortenLongValues';

/** Sorts problems by file, then position, so output is stable across runs. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.location?.line ?? 0) - (b.location?.line ?? 0) ||
      (a.location?.column ?? 0) - (b.location?.column ?? 0) ||
      a.message.localeCompare(b.message),
  );
}

/** `config/routes/users.json:4:15  routes[0].response` */
export function formatDiagnosticHeading(d: Diagnostic): string {
  const where = d.location ? `${d.file}:${d.location.line}:${d.location.column}` : d.file;
  return d.jsonPath ? `${where}  ${d.jsonPath}` : where;
}

function formatBlocks(diagnostics: Diagnostic[], label: 'error' | 'warning'): string[] {
  return sortDiagnostics(diagnostics).map((d) => {
    const lines = [`${label} ${formatDiagnosticHeading(d)}`, `  ${d.message}`];
    if (d.hint) lines.push(`  fix: ${d.hint}`);
    return shortenLongValues(lines.join('\n'));
  });
}

/** Formats every problem as a block of lines followed by a one-line summary. */
export function formatDiagnostics(diagnostics: Diagnostic[]): string {
  const count = diagnostics.length;
  return [
    ...formatBlocks(diagnostics, 'error'),
    `${count} problem${count === 1 ? '' : 's'} found; nothing was written.`,
  ].join('\n\n');
}

/** Mistakes that do not stop generation, in the same form, and a summary that says so. */
export function formatWarnings(diagnostics: Diagnostic[]): string {
  const count = diagnostics.length;
  return [
    ...formatBlocks(diagnostics, 'warning'),
    `${count} warning${count === 1 ? '' : 's'} about the configuration; generated anyway.\n`,
  ].join('\n\n');
}
