import { handlebarsCompiler } from './handlebarsCompiler';

type Node = hbs.AST.Node;

/** A place in a template file; line 1-based, column 0-based as Handlebars counts them. */
export interface TemplateLocation {
  line: number;
  column: number;
}

export interface HelperCall extends TemplateLocation {
  name: string;
}

/**
 * A `{{> name}}` in a template. A static name is known when parsing; a dynamic one
 * (`{{> (concat "orm/" orm "/load")}}`) is described by its `parts` when it is built by `concat`
 * from literals and values (`["orm/", { path: "orm" }, "/load"]`), or by the context `field` it is
 * read from when it is `(lookup . "field")`.
 */
export interface PartialReference extends TemplateLocation {
  name?: string;
  /** Literals as written; values as the context path they read. */
  parts?: Array<string | { path: string }>;
  field?: string;
  /** `{{#> name}}fallback{{/name}}`: a missing partial renders the fallback, so it is no error. */
  hasFallback: boolean;
}

export interface TemplateAnalysis {
  /** Calls of a helper by a simple name: `{{str x}}`, `{{#each list}}`, `(eq a b)`. */
  helperCalls: HelperCall[];
  /** `{{name}}` alone: a field, or a helper called without arguments. */
  plainNames: HelperCall[];
  partials: PartialReference[];
  /** `{{#*inline "name"}}` partials the template defines for itself. */
  inlinePartials: string[];
  /** `as |item|` names, which look like helper calls when called with arguments. */
  blockParams: string[];
}

const isCall = (node: { params: unknown[]; hash?: unknown }): boolean =>
  node.params.length > 0 || node.hash !== undefined;

/** `name` of a path that is a plain name (no `../`, `this.`, `@` or `a.b`), else undefined. */
export function simpleName(path: Node): string | undefined {
  if (path.type !== 'PathExpression') return undefined;
  const p = path as hbs.AST.PathExpression;
  return !p.data && p.depth === 0 && p.parts.length === 1 && p.original === p.parts[0]
    ? p.original
    : undefined;
}

const at = (node: Node): TemplateLocation => ({
  line: node.loc?.start.line ?? 0,
  column: node.loc?.start.column ?? 0,
});

function literal(node: Node): string | undefined {
  return node.type === 'StringLiteral' || node.type === 'NumberLiteral'
    ? String((node as hbs.AST.StringLiteral).value)
    : undefined;
}

function partialReference(
  statement: hbs.AST.PartialStatement | hbs.AST.PartialBlockStatement,
): PartialReference {
  const reference: PartialReference = {
    ...at(statement),
    hasFallback: statement.type === 'PartialBlockStatement',
  };
  const name = statement.name as Node;
  if (name.type === 'PathExpression')
    return { ...reference, name: (name as hbs.AST.PathExpression).original };
  const fixed = literal(name);
  if (fixed !== undefined) return { ...reference, name: fixed };
  const sexpr = name as hbs.AST.SubExpression;
  const helper = simpleName(sexpr.path);
  if (helper === 'concat')
    return {
      ...reference,
      parts: sexpr.params.map(
        (param) =>
          literal(param) ?? {
            path: param.type === 'PathExpression' ? (param as hbs.AST.PathExpression).original : '',
          },
      ),
    };
  const field = sexpr.params[1] && literal(sexpr.params[1]);
  if (helper === 'lookup' && field !== undefined) return { ...reference, field };
  return reference;
}

/** What a parsed template calls and includes, with where; used to check and to list templates. */
export function analyzeTemplate(program: hbs.AST.Program): TemplateAnalysis {
  const analysis: TemplateAnalysis = {
    helperCalls: [],
    plainNames: [],
    partials: [],
    inlinePartials: [],
    blockParams: [],
  };
  const visit = (node: Node | undefined | null): void => {
    if (!node) return;
    switch (node.type) {
      case 'Program': {
        const program = node as hbs.AST.Program;
        analysis.blockParams.push(...(program.blockParams ?? []));
        program.body.forEach(visit);
        return;
      }
      case 'MustacheStatement':
      case 'SubExpression':
      case 'BlockStatement': {
        const call = node as hbs.AST.BlockStatement;
        const name = simpleName(call.path);
        // A subexpression always calls a helper; `{{name}}` alone may be a field instead.
        if (name && (node.type === 'SubExpression' || isCall(call)))
          analysis.helperCalls.push({ name, ...at(call.path) });
        else if (name) analysis.plainNames.push({ name, ...at(call.path) });
        [
          call.path,
          ...call.params,
          ...(call.hash?.pairs.map((pair) => pair.value) ?? []),
          call.program,
          call.inverse,
        ].forEach(visit);
        return;
      }
      case 'DecoratorBlock': {
        const block = node as hbs.AST.DecoratorBlock;
        const name = block.params[0] && literal(block.params[0]);
        if (simpleName(block.path) === 'inline' && name !== undefined)
          analysis.inlinePartials.push(name);
        visit(block.program);
        return;
      }
      case 'PartialStatement':
      case 'PartialBlockStatement': {
        const statement = node as hbs.AST.PartialBlockStatement;
        analysis.partials.push(partialReference(statement));
        [
          statement.name,
          ...statement.params,
          ...(statement.hash?.pairs.map((pair) => pair.value) ?? []),
          statement.program,
        ].forEach(visit);
        return;
      }
      default:
        return;
    }
  };
  visit(program);
  return analysis;
}

/** Parses template text; throws Handlebars' own error on a syntax error. */
export function parseTemplate(text: string): hbs.AST.Program {
  return handlebarsCompiler().parse(text);
}

/** `orm/*\/load` matches `orm/prisma/load`; `*` stands for one path segment or part of one. */
export function matchesPattern(pattern: string, name: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${source}$`).test(name);
}
