type Node = hbs.AST.Node;

/** The parts of a statement or expression that hold arguments and nested programs. */
interface Composite extends Node {
  params?: Node[];
  hash?: hbs.AST.Hash;
  program?: hbs.AST.Program;
  inverse?: hbs.AST.Program;
  name?: Node;
  body?: Node[];
}

/**
 * Handlebars' `strict` checks `{{field}}` but not arguments: `{{str feild}}`, `{{#if feild}}`,
 * `{{> partial feild}}` quietly pass `undefined`. Contexts promise every field is present (with
 * `null` or `false` when it does not apply), so a missing argument is a mistake in the template
 * too: this marks every path used as an argument strict, as Handlebars marks `{{field}}`, and
 * the compiled template throws `"feild" not defined` with its line.
 */
export function makeArgumentsStrict(program: hbs.AST.Program): hbs.AST.Program {
  const strict = (node: Node | undefined): void => {
    if (node?.type === 'PathExpression')
      (node as hbs.AST.PathExpression & { strict?: boolean }).strict = true;
  };
  const visit = (node: Node | undefined | null): void => {
    if (!node) return;
    const call = node as Composite;
    const args = [...(call.params ?? []), ...(call.hash?.pairs.map((pair) => pair.value) ?? [])];
    args.forEach(strict);
    args.forEach(visit);
    call.body?.forEach(visit);
    visit(call.program);
    visit(call.inverse);
    if (node.type === 'PartialStatement' || node.type === 'PartialBlockStatement') visit(call.name);
  };
  visit(program);
  return program;
}
