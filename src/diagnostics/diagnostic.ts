/** Where in a config file a problem sits. Lines and columns are 1-based. */
export interface SourceLocation {
  line: number;
  column: number;
}

/**
 * One problem found in a project's configuration. Every stage collects these instead of throwing
 * on the first one, so a user sees all problems of a run at once.
 */
export interface Diagnostic {
  /** Path of the file relative to the project root, with forward slashes. */
  file: string;
  /** Human-readable JSON path, e.g. `routes[1].response`; empty for the whole document. */
  jsonPath: string;
  location?: SourceLocation;
  /** What is wrong. */
  message: string;
  /** What to do about it. */
  hint?: string;
}

/** Thrown when configuration problems stop a run; carries every problem found. */
export class ConfigError extends Error {
  readonly diagnostics: Diagnostic[];

  constructor(diagnostics: Diagnostic[]) {
    super(
      `${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'} in the configuration`,
    );
    this.name = 'ConfigError';
    this.diagnostics = diagnostics;
  }
}

/**
 * A mistake by the user that is not tied to a config location (a missing folder, a file in the
 * way). The CLI prints its message without a stack trace.
 */
export class UserError extends Error {
  readonly hint?: string;

  constructor(message: string, hint?: string) {
    super(message);
    this.name = 'UserError';
    this.hint = hint;
  }
}
