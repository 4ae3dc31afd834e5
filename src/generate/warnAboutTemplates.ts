import { formatTemplateNotices, templateNotices } from '../templates/templateNotices';

export type Warn = (text: string) => void;

let lastShown: string | undefined;

/**
 * Writes warnings to stderr, each distinct block once per process: `appgen generate` shows it
 * once, and `appgen dev`, which regenerates on every save, again only when it changes.
 */
export const warnOnStderr: Warn = (text) => {
  if (text === lastShown) return;
  lastShown = text;
  process.stderr.write(text);
};

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
