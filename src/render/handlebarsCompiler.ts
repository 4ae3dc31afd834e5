import type FullHandlebars from 'handlebars';

/**
 * Handlebars with its compiler (parser, code generator and source-map): ~25 ms more to load
 * than its runtime (issue 51's generation time), and needed only to parse or compile a template
 * that was not compiled ahead of time: a project's own, a built-in one edited since the build,
 * the build itself. Rendering uses `handlebars/runtime`.
 */
let full: typeof FullHandlebars | undefined;

export function handlebarsCompiler(): typeof FullHandlebars {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  full ??= require('handlebars') as typeof FullHandlebars;
  return full;
}
