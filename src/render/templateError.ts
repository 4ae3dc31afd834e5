export type TemplateOrigin = 'built-in' | 'project';

export interface TemplateErrorDetails {
  /** 1-based line in the template file, when Handlebars (or our checks) know it. */
  line?: number;
  /** 1-based column. */
  column?: number;
  /** The output file being rendered when the error happened. */
  output?: string;
  /** Found reading the template (syntax, unknown helper or partial): no output is to blame. */
  whileReading?: boolean;
}

/**
 * A template or partial failed to compile or render. Names the file that holds the mistake (a
 * partial, not the template that included it) as the user sees it: `templates/<path>` for a
 * project's own file, and the line and column when known.
 */
export class TemplateError extends Error {
  readonly line?: number;
  readonly column?: number;
  readonly output?: string;
  readonly whileReading: boolean;

  constructor(
    readonly template: string,
    readonly origin: TemplateOrigin,
    readonly reason: string,
    details: TemplateErrorDetails = {},
  ) {
    const where = details.line
      ? ` line ${details.line}${details.column ? `, column ${details.column}` : ''}:`
      : '';
    const file = origin === 'project' ? `templates/${template}` : `built-in template ${template}`;
    super(
      `${file}:${where} ${reason}${details.output ? `\n  while rendering ${details.output}` : ''}`,
    );
    this.name = 'TemplateError';
    this.line = details.line;
    this.column = details.column;
    this.output = details.output;
    this.whileReading = details.whileReading ?? false;
  }

  /** The same error, saying which output file was being rendered. */
  rendering(output: string): TemplateError {
    if (this.output || this.whileReading) return this;
    return new TemplateError(this.template, this.origin, this.reason, {
      line: this.line,
      column: this.column,
      output,
    });
  }
}

/** A Handlebars error's message without its ` - 3:4` position suffix, and that position. */
interface HandlebarsFailure {
  message: string;
  line?: number;
  column?: number;
}

function positionOf(error: Error & { lineNumber?: number; column?: number }): HandlebarsFailure {
  const parse = /^Parse error on line (\d+):\n[^\n]*\n[^\n]*\n(.*)$/s.exec(error.message);
  if (parse) {
    const detail = parse[2].replace(/^Expecting /, 'expecting ');
    const unclosed = /got 'EOF'$/.test(detail)
      ? ' (is a {{#block}} or {{!-- comment not closed?)'
      : '';
    return { message: `syntax error: ${detail}${unclosed}`, line: Number(parse[1]) };
  }
  const message = error.message.replace(/ - \d+:\d+$/, '');
  if (typeof error.lineNumber === 'number')
    return {
      message,
      line: error.lineNumber,
      column: typeof error.column === 'number' ? error.column + 1 : undefined,
    };
  return { message };
}

/** Rewrites Handlebars' wording where it misleads (strict mode says "not defined in [object Object]"). */
function explain(message: string): string {
  const orphan = /^"(.+)" not defined in (undefined|null)$/.exec(message);
  if (orphan)
    return `"${orphan[1]}" not defined: the value before ".${orphan[1]}" is ${orphan[2]} (templates compile with strict: true; appgen's docs/template-contexts.md lists the fields)`;
  const missing = /^"(.+)" not defined in .*$/s.exec(message);
  if (missing)
    return `"${missing[1]}" not defined: the template's context has no such field (templates compile with strict: true; appgen's docs/template-contexts.md lists the fields)`;
  const mismatch = /^(\S+) doesn't match (\S+)$/.exec(message);
  if (mismatch) return `syntax error: {{#${mismatch[1]}}} is closed by {{/${mismatch[2]}}}`;
  const partial = /^The partial (.+) could not be found$/.exec(message);
  if (partial)
    return `unknown partial "${partial[1]}" (partials are the files under templates/partials/, named without .hbs)`;
  return message;
}

/** Turns anything a template threw into a TemplateError for the given file. */
export function templateErrorFrom(
  error: unknown,
  template: string,
  origin: TemplateOrigin,
  whileReading = false,
): TemplateError {
  if (error instanceof TemplateError) return error;
  if (!(error instanceof Error))
    return new TemplateError(template, origin, String(error), { whileReading });
  const failure = positionOf(error);
  return new TemplateError(template, origin, explain(failure.message), {
    line: failure.line,
    column: failure.column,
    whileReading,
  });
}
