import { formatTemplateNotices, templateNotices } from '../templates/templateNotices';
import { warnOnStderr, type Warn } from './warnings';

/**
 * Tells the project, in one block per run (not per file rendered), about overrides whose
 * built-in changed since ejection and template files generate does not use.
 */
export function warnAboutTemplates(
  root: string,
  builtinDir: string,
  warn: Warn = warnOnStderr,
): void {
  const text = formatTemplateNotices(templateNotices(root, builtinDir), builtinDir);
  if (text) warn(text);
}
