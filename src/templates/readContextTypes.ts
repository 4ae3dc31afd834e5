import ts from 'typescript';

/*
 * Reads the template contexts from src/map/contexts.ts with the TypeScript compiler, for the
 * generated reference docs/template-contexts.md. A development tool: it needs the `typescript`
 * package, so only scripts/template-contexts.js and the tests load it, never the CLI.
 */

export interface ContextField {
  name: string;
  /** The type as written in contexts.ts, e.g. `MethodContext[]`, `string | null`. */
  type: string;
  optional: boolean;
  doc: string;
}

export interface ContextInterface {
  name: string;
  doc: string;
  /** The interfaces it extends (`MethodBase`): it has their fields too. */
  extends: string[];
  /** Its own fields, and those it narrows (`operation: 'list'`), in order. */
  fields: ContextField[];
}

/** A context that is one of several interfaces (`MethodContext`), told apart by `discriminant`. */
export interface ContextUnion {
  name: string;
  doc: string;
  members: string[];
  /** The field whose literal type differs in each member (`operation`), if any. */
  discriminant: string | null;
}

/** A type from elsewhere that contexts use (`FieldType`), with the values it stands for. */
export interface ContextAlias {
  name: string;
  expansion: string;
}

export interface ContextTypes {
  /** The module comment of contexts.ts: what the contexts promise. */
  intro: string;
  interfaces: ContextInterface[];
  unions: ContextUnion[];
  aliases: ContextAlias[];
}

/** Every field of an interface: those it inherits, then its own (which narrow inherited ones in place). */
export function allFields(types: ContextTypes, name: string): ContextField[] {
  const item = types.interfaces.find((candidate) => candidate.name === name);
  if (!item) return [];
  const fields = item.extends.flatMap((parent) => allFields(types, parent));
  for (const field of item.fields) {
    const inherited = fields.findIndex((other) => other.name === field.name);
    if (inherited >= 0) fields[inherited] = field;
    else fields.push(field);
  }
  return fields;
}

/** A quoted literal type, or a union of them: `'list'`, `'deleteMany' | 'updateMany'`. */
const LITERALS = /^'[^']*'( \| '[^']*')*$/;

/** The literal values of a discriminant's type text: `'a' | 'b'` → `["a", "b"]`. */
export function literalValues(type: string): string[] {
  return LITERALS.test(type) ? [...type.matchAll(/'([^']*)'/g)].map((m) => m[1]) : [];
}

/** The text of a `/** *\/` comment, on one line. */
function commentText(comment: string): string {
  return comment
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .join(' ')
    .trim();
}

/**
 * The doc comment right before a node, verbatim. (The checker's documentation would cut
 * `@default(uuid())` off as a JSDoc tag.)
 */
function docOf(node: ts.Node, source: ts.SourceFile): string {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const last = ranges[ranges.length - 1];
  const text = last && source.text.slice(last.pos, last.end);
  return text?.startsWith('/**') ? commentText(text) : '';
}

/** The first `/** *\/` comment on a statement that is not itself documented (an import). */
function moduleComment(source: ts.SourceFile): string {
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const text = (ts.getLeadingCommentRanges(source.text, statement.getFullStart()) ?? []).map((range) => source.text.slice(range.pos, range.end)).find((comment) => comment.startsWith('/**'));
    if (text) return commentText(text);
  }
  return '';
}

/** `"a" | "b"` with members sorted, so the text does not depend on the checker's type order. */
function expand(type: ts.Type, checker: ts.TypeChecker): string {
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;
  if (!type.isUnion()) return checker.typeToString(type, undefined, flags);
  return type.types.map((member) => checker.typeToString(member, undefined, flags)).sort().join(' | ');
}

export function readContextTypes(contextsFile: string): ContextTypes {
  const program = ts.createProgram([contextsFile], {
    strict: true,
    noEmit: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(contextsFile);
  if (!source) throw new Error(`cannot read ${contextsFile}`);
  const declarations = source.statements.filter(ts.isInterfaceDeclaration);
  const local = new Set([...declarations, ...source.statements.filter(ts.isTypeAliasDeclaration)].map((d) => d.name.text));
  const aliases = new Map<string, string>();
  const interfaces = declarations.map((declaration): ContextInterface => {
    const fields = declaration.members.filter(ts.isPropertySignature).map((member): ContextField => {
      const visit = (node: ts.Node): void => {
        if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && !local.has(node.typeName.text) && node.typeName.text !== 'Array') {
          aliases.set(node.typeName.text, expand(checker.getTypeFromTypeNode(node), checker));
        }
        ts.forEachChild(node, visit);
      };
      if (member.type) visit(member.type);
      return {
        name: member.name.getText(source),
        type: member.type ? member.type.getText(source).replace(/\s+/g, ' ') : 'unknown',
        optional: member.questionToken !== undefined,
        doc: docOf(member, source),
      };
    });
    const parents = (declaration.heritageClauses ?? []).flatMap((clause) => clause.types.map((type) => type.expression.getText(source)));
    return { name: declaration.name.text, doc: docOf(declaration, source), extends: parents, fields };
  });
  const types = { intro: moduleComment(source), interfaces, unions: [] as ContextUnion[], aliases: [] as ContextAlias[] };
  for (const statement of source.statements) {
    if (!ts.isTypeAliasDeclaration(statement) || !ts.isUnionTypeNode(statement.type)) continue;
    const members = statement.type.types.map((type) => type.getText(source));
    if (!members.every((member) => local.has(member))) continue;
    const first = allFields(types, members[0]);
    const discriminant = first.find((field) => members.every((member) => LITERALS.test(allFields(types, member).find((other) => other.name === field.name)?.type ?? '')));
    types.unions.push({ name: statement.name.text, doc: docOf(statement, source), members, discriminant: discriminant?.name ?? null });
  }
  return {
    ...types,
    aliases: [...aliases].map(([name, expansion]) => ({ name, expansion })).sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}
