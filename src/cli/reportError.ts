import { databaseProblem } from '../db/databaseProblem';
import { ConfigError, UserError } from '../diagnostics/diagnostic';
import { formatDiagnostics } from '../diagnostics/formatDiagnostics';
import { shortenLongValues } from '../diagnostics/shortenLongValues';
import { TemplateError } from '../render/templateError';

/**
 * Prints an error the way a user should see it and returns the exit code. User mistakes get a
 * message and a fix, never a stack trace; anything else is a bug in appgen and says so.
 */
export function reportError(
  error: unknown,
  write: (text: string) => void = (t) => process.stderr.write(t),
): number {
  if (error instanceof ConfigError) {
    write(`${formatDiagnostics(error.diagnostics)}\n`);
    return 1;
  }
  if (error instanceof UserError) {
    write(
      shortenLongValues(`error: ${error.message}\n${error.hint ? `  fix: ${error.hint}\n` : ''}`),
    );
    return 1;
  }
  if (error instanceof TemplateError) {
    write(`error: template ${error.message}\n  fix: correct the template; nothing was written.\n`);
    return 1;
  }
  // A missing, unreachable or refusing database is the user's to fix, whoever met it.
  const problem = databaseProblem(error);
  if (problem) return reportError(problem, write);
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  write(`appgen crashed (this is a bug in appgen, please report it):\n${text}\n`);
  return 2;
}
