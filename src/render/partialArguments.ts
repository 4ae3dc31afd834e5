/**
 * A partial called with arguments (`{{> handler/respond value="..."}}`) runs, in Handlebars, on a
 * copy of the caller's context with the arguments added: every field of the context copied at
 * every such call. Route methods' contexts have about a hundred fields and each method calls
 * several such partials, which made those copies the largest single cost of rendering a large
 * project (issue 51: over a tenth of `appgen generate` at 1,000 models, and more in the garbage
 * collector). Rewritten at compile time into `{{> handler/respond (partialArguments value="...")}}`:
 * the partial runs on an object holding only the arguments whose prototype is the caller's
 * context, so it reads the same fields without a copy (TemplateSet renders with prototype fields
 * allowed). Templates are written as before; a call that names a context (`{{> p other x=1}}`)
 * keeps Handlebars' own copy of that context.
 */

/** The helper's name: inserted by the rewrite below; TemplateSet's check refuses it in templates. */
export const PARTIAL_ARGUMENTS_HELPER = 'partialArguments';

/** A partial call as the rewrite sees it: its context (params) and its arguments (hash). */
interface PartialCall {
  params: hbs.AST.Expression[];
  hash?: hbs.AST.Hash;
}

/** Rewrites every partial call with arguments and no context of its own, in place. */
export function passPartialArguments(program: hbs.AST.Program): hbs.AST.Program {
  const visit = (node: hbs.AST.Node | undefined | null): void => {
    if (!node) return;
    const composite = node as hbs.AST.Node & {
      body?: hbs.AST.Statement[];
      program?: hbs.AST.Program;
      inverse?: hbs.AST.Program;
    };
    if (node.type === 'PartialStatement' || node.type === 'PartialBlockStatement') {
      const call = node as unknown as PartialCall;
      if (call.hash && call.hash.pairs.length > 0 && call.params.length === 0) {
        const path: hbs.AST.PathExpression = {
          type: 'PathExpression',
          data: false,
          depth: 0,
          parts: [PARTIAL_ARGUMENTS_HELPER],
          original: PARTIAL_ARGUMENTS_HELPER,
          loc: call.hash.loc,
        };
        const arguments_: hbs.AST.SubExpression = {
          type: 'SubExpression',
          path,
          params: [],
          hash: call.hash,
          loc: call.hash.loc,
        };
        call.params = [arguments_];
        call.hash = undefined;
      }
    }
    composite.body?.forEach(visit);
    visit(composite.program);
    visit(composite.inverse);
  };
  visit(program);
  return program;
}

/**
 * The context of a partial called with arguments: the arguments over the caller's context. A
 * context that is not a plain object (an array, a string of `{{#each}}`) is copied with the
 * arguments, as Handlebars does.
 */
export function partialArguments(
  this: unknown,
  options: { hash: Record<string, unknown> },
): object {
  if (typeof this !== 'object' || this === null || Array.isArray(this))
    return Object.assign({}, this, options.hash);
  return Object.assign(Object.create(this) as object, options.hash);
}
