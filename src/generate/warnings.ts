// Where generation's warnings go, in a module of its own: a cached run prints the stored warnings
// without loading the template modules that warnAboutTemplates.ts needs.

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
