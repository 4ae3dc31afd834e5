import ts from 'typescript';
import { closestMatch } from '../diagnostics/didYouMean';
import { matchesPattern, parseTemplate, simpleName } from '../render/templateAnalysis';
import { partialName, templateText, type TemplateSource } from '../render/templateSet';
import { contextTypeProgram } from './contextTypeProgram';
import { PARTIALS_BY_CONTEXT_FIELD, VALUES_BY_CONTEXT_FIELD } from './partialUsage';

/*
 * Resolves every path every template uses against the TypeScript type of its context, so that a
 * misspelled field fails in the unit run even on a branch that no test renders. Handlebars'
 * `strict` finds one only when the branch renders. A development tool (it needs `typescript`).
 *
 * The walk follows the context as Handlebars does: `#each` enters the items, `#with` the value,
 * `as |name|` names them, `../` and `@root` climb, a partial sees the context of its call (or its
 * argument), plus its `key=value` arguments. Helpers' arguments are paths too.
 *
 * A union context (MethodContext: one member per operation) is narrowed as TypeScript narrows:
 * by `{{#if (eq operation "list")}}` (`or`, `and`, `unless` and `else` too), by `{{#if field}}`
 * when the field is `null`/`false` on some members, by a partial picked with
 * `(concat "orm/" @root.project.orm "/" operation)`, which renders each member with its own
 * operation's partial, and by the name of an operation's ORM partial, `orm/<orm>/<operation>`,
 * however it is picked (src/map/methodSteps.ts lists it only for that operation). A path must
 * then exist on EVERY member the context can be where it is read: strict mode throws on a member
 * that lacks it. Other partials a method's `steps` pick are checked against every member.
 */

export interface TemplatePathProblem {
  /** The template or partial file, under templates/ (`partials/handler/operation.hbs`). */
  template: string;
  line: number;
  column: number;
  message: string;
}

export interface TemplatePathReport {
  problems: TemplatePathProblem[];
  /** How many path uses were resolved (each time a template is walked). */
  checkedPaths: number;
  /** Partials walked from some template. */
  reachedPartials: Set<string>;
}

interface CheckOptions {
  contextsFile: string;
  sources: readonly TemplateSource[];
  registry: ReadonlyArray<{ template: string; context: string }>;
  helpers: readonly string[];
}

/** A value's possible types (a union spread out, null and undefined left out); null: unknown. */
type Ty = ts.Type[] | null;

interface Frame {
  ty: Ty;
  /** A partial's `key=value` arguments, read before the context. */
  hash?: Map<string, Ty>;
}

interface Scope {
  stack: Frame[];
  root: Ty;
  blockParams: Map<string, Ty>;
  template: string;
  inline: Map<string, hbs.AST.Program>;
}

type Node = hbs.AST.Node;
type Path = hbs.AST.PathExpression;

/** How a condition narrows one frame's union: which members stay in each branch. */
interface Narrowing {
  frame: number;
  then: (alt: ts.Type) => boolean;
  otherwise: (alt: ts.Type) => boolean;
}

export function checkTemplatePaths(options: CheckOptions): TemplatePathReport {
  const { checker, typeOf } = contextTypeProgram(
    options.contextsFile,
    options.registry.map((entry) => entry.context),
  );
  const helpers = new Set(options.helpers);
  const problems = new Map<string, TemplatePathProblem>();
  const reachedPartials = new Set<string>();
  const visited = new Set<string>();
  let checkedPaths = 0;
  const parsed = new Map<string, hbs.AST.Program>();
  const partials = new Map<string, TemplateSource>();
  for (const source of options.sources) {
    const name = partialName(source.name);
    if (name !== undefined) partials.set(name, source);
  }
  const programOf = (source: TemplateSource): hbs.AST.Program => {
    let program = parsed.get(source.name);
    if (!program) parsed.set(source.name, (program = parseTemplate(templateText(source))));
    return program;
  };

  const report = (scope: Scope, node: Node, message: string) => {
    const line = node.loc?.start.line ?? 0;
    const column = node.loc?.start.column ?? 0;
    problems.set(`${scope.template}:${line}:${column}:${message}`, { template: scope.template, line, column, message });
  };
  /**
   * A field missing on some members, gathered over every walk (a partial picked by operation is
   * walked once per member): one problem per place, naming them all.
   */
  const missingFields = new Map<string, { scope: Scope; node: Node; shown: string; name: string; having: Set<string>; missing: Set<string>; near?: string }>();
  const reportMissing = (scope: Scope, node: Node, shown: string, name: string, having: ts.Type[], missing: ts.Type[], near?: string) => {
    const key = `${scope.template}:${node.loc?.start.line}:${node.loc?.start.column}:${shown}`;
    const entry = missingFields.get(key) ?? { scope, node, shown, name, having: new Set<string>(), missing: new Set<string>(), near };
    having.forEach((alt) => entry.having.add(nameOf(alt)));
    missing.forEach((alt) => entry.missing.add(nameOf(alt)));
    entry.near ??= near;
    missingFields.set(key, entry);
  };

  const NULLISH = ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void;
  const spread = (type: ts.Type): ts.Type[] =>
    type.isUnion()
      ? type.types.flatMap(spread)
      : type.flags & NULLISH
        ? []
        : [type];
  const isUnknown = (type: ts.Type) => (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0;
  const isObject = (type: ts.Type) => (type.flags & ts.TypeFlags.Object) !== 0 || type.isIntersection();
  const nameOf = (type: ts.Type) => checker.typeToString(type);

  function propertyType(alt: ts.Type, name: string): ts.Type | undefined {
    const symbol = checker.getPropertyOfType(alt, name);
    return symbol && checker.getTypeOfSymbol(symbol);
  }

  /** `name` of each possible type; reports a missing field with the closest one. */
  function lookup(ty: Ty, name: string, scope: Scope, node: Node, shown: string): Ty {
    if (ty === null || ty.some(isUnknown)) return null;
    if (name === 'length' && ty.every((alt) => checker.isArrayType(alt) || alt.flags & ts.TypeFlags.StringLike)) return null;
    const primitive = ty.find((alt) => !isObject(alt));
    if (primitive) {
      report(scope, node, `"${shown}": ${nameOf(primitive)} has no field "${name}"`);
      return null;
    }
    const found = ty.map((alt) => propertyType(alt, name));
    const missing = ty.filter((_, i) => found[i] === undefined);
    if (missing.length) {
      const fields = [...new Set(missing.flatMap((alt) => checker.getPropertiesOfType(alt).map((p) => p.name)))];
      reportMissing(scope, node, shown, name, ty.filter((_, i) => found[i] !== undefined), missing, closestMatch(name, fields));
      if (missing.length === ty.length) return null;
    }
    return found.flatMap((type) => (type ? spread(type) : []));
  }

  function resolve(path: Path, scope: Scope): Ty {
    checkedPaths++;
    const shown = path.original;
    let parts = path.parts;
    let ty: Ty;
    if (path.data) {
      if (parts[0] !== 'root') return null;
      ty = scope.root;
      parts = parts.slice(1);
    } else {
      const explicitThis = /^(this|\.)(\.|\/|$)/.test(path.original);
      if (path.depth === 0 && !explicitThis && parts.length > 0 && scope.blockParams.has(parts[0])) {
        ty = scope.blockParams.get(parts[0]) ?? null;
        parts = parts.slice(1);
      } else {
        const frame = scope.stack[scope.stack.length - 1 - path.depth];
        if (!frame) {
          report(scope, path, `"${shown}": "../" climbs above the template's context`);
          return null;
        }
        if (parts.length > 0 && frame.hash?.has(parts[0])) {
          ty = frame.hash.get(parts[0]) ?? null;
          parts = parts.slice(1);
        } else ty = frame.ty;
      }
    }
    for (const part of parts) ty = lookup(ty, part, scope, path, shown);
    return ty;
  }

  /** The items `#each` walks: an array's elements; unknown for anything else (an object's values). */
  const elementsOf = (ty: Ty): Ty =>
    ty === null || !ty.every((alt) => checker.isArrayType(alt))
      ? null
      : ty.flatMap((alt) => spread(checker.getTypeArguments(alt as ts.TypeReference)[0]));

  function evaluate(node: Node, scope: Scope): Ty {
    if (node.type === 'PathExpression') return resolve(node as Path, scope);
    if (node.type === 'SubExpression') {
      const call = node as hbs.AST.SubExpression;
      visitCall(call, scope);
      // `lookup . "field"` reads a field: check it as one.
      const [target, key] = call.params;
      if (simpleName(call.path) === 'lookup' && target && key?.type === 'StringLiteral')
        return lookup(evaluate(target, scope), (key as hbs.AST.StringLiteral).value, scope, key, `lookup ${(key as hbs.AST.StringLiteral).value}`);
    }
    return null;
  }

  /** A helper's arguments are paths too; `some list "prop"` and `unique list "prop"` name a field of the items. */
  function visitCall(call: hbs.AST.MustacheStatement | hbs.AST.SubExpression | hbs.AST.BlockStatement, scope: Scope) {
    const values = call.params.map((param) => evaluate(param, scope));
    for (const pair of call.hash?.pairs ?? []) evaluate(pair.value, scope);
    const helper = simpleName(call.path);
    const prop = call.params[1];
    if ((helper === 'some' || helper === 'unique') && prop?.type === 'StringLiteral') {
      const name = (prop as hbs.AST.StringLiteral).value;
      lookup(elementsOf(values[0]), name, scope, prop, `${helper} "${name}"`);
    }
  }

  const literalValues = (ty: Ty): string[] | undefined =>
    ty !== null && ty.length > 0 && ty.every((alt) => alt.isStringLiteral())
      ? ty.map((alt) => (alt as ts.StringLiteralType).value)
      : undefined;

  /** A definitely falsy or truthy field type, as `#if` sees it (an empty array is falsy). */
  function truthiness(alt: ts.Type, name: string): 'falsy' | 'truthy' | 'either' {
    const type = propertyType(alt, name);
    if (!type) return 'either';
    const parts = type.isUnion() ? type.types : [type];
    const falsy = (t: ts.Type) => (t.flags & NULLISH) !== 0 || (t.flags & ts.TypeFlags.BooleanLiteral && checker.typeToString(t) === 'false');
    const truthy = (t: ts.Type) => (t.flags & ts.TypeFlags.BooleanLiteral && checker.typeToString(t) === 'true') || (isObject(t) && !checker.isArrayType(t));
    if (parts.every(falsy)) return 'falsy';
    if (parts.every(truthy)) return 'truthy';
    return 'either';
  }

  /** How a condition narrows the frame it reads (a field of it, or `eq field "value"`). */
  function narrowing(node: Node | undefined, scope: Scope): Narrowing | undefined {
    if (!node) return undefined;
    const field = (path: Node) => {
      if (path.type !== 'PathExpression') return undefined;
      const p = path as Path;
      if (p.data || p.parts.length !== 1 || (p.depth === 0 && scope.blockParams.has(p.parts[0]))) return undefined;
      const frame = scope.stack.length - 1 - p.depth;
      if (frame < 0 || scope.stack[frame].hash?.has(p.parts[0])) return undefined;
      return { frame, name: p.parts[0] };
    };
    const direct = field(node);
    if (direct) return { frame: direct.frame, then: (alt) => truthiness(alt, direct.name) !== 'falsy', otherwise: (alt) => truthiness(alt, direct.name) !== 'truthy' };
    if (node.type !== 'SubExpression') return undefined;
    const call = node as hbs.AST.SubExpression;
    const helper = simpleName(call.path);
    if (helper === 'eq' && call.params.length === 2) {
      const target = field(call.params[0]);
      const value = call.params[1].type === 'StringLiteral' ? (call.params[1] as hbs.AST.StringLiteral).value : undefined;
      if (!target || value === undefined) return undefined;
      const values = (alt: ts.Type) => {
        const type = propertyType(alt, target.name);
        return type ? literalValues(spread(type)) : undefined;
      };
      return { frame: target.frame, then: (alt) => values(alt)?.includes(value) ?? true, otherwise: (alt) => { const v = values(alt); return !(v && v.length === 1 && v[0] === value); } };
    }
    if (helper === 'or' || helper === 'and') {
      const parts = call.params.map((param) => narrowing(param, scope));
      const frame = parts[0]?.frame;
      if (frame === undefined || parts.some((part) => part?.frame !== frame)) return undefined;
      const all = parts as Narrowing[];
      return helper === 'or'
        ? { frame, then: (alt) => all.some((p) => p.then(alt)), otherwise: (alt) => all.every((p) => p.otherwise(alt)) }
        : { frame, then: (alt) => all.every((p) => p.then(alt)), otherwise: (alt) => all.some((p) => p.otherwise(alt)) };
    }
    return undefined;
  }

  /** The scope with one frame's union narrowed; undefined when no member is left (the branch never renders). */
  function narrowed(scope: Scope, frame: number, keep: (alt: ts.Type) => boolean): Scope | undefined {
    const ty = scope.stack[frame].ty;
    if (ty === null) return scope;
    const kept = ty.filter(keep);
    if (kept.length === 0 && ty.length > 0) return undefined;
    const stack = scope.stack.slice();
    stack[frame] = { ...stack[frame], ty: kept };
    return { ...scope, stack };
  }

  function visitBlock(block: hbs.AST.BlockStatement, scope: Scope) {
    const helper = simpleName(block.path);
    visitCall(block, scope);
    if (helper === 'if' || helper === 'unless') {
      const narrowed_ = narrowing(block.params[0], scope);
      let thenScope: Scope | undefined = scope;
      let elseScope: Scope | undefined = scope;
      if (narrowed_) {
        const [a, b] = helper === 'if' ? [narrowed_.then, narrowed_.otherwise] : [narrowed_.otherwise, narrowed_.then];
        thenScope = narrowed(scope, narrowed_.frame, a);
        elseScope = narrowed(scope, narrowed_.frame, b);
      }
      if (thenScope) visitProgram(block.program, thenScope);
      if (elseScope) visitProgram(block.inverse, elseScope);
      return;
    }
    if (helper === 'each' || helper === 'with') {
      const value = block.params[0] ? evaluate(block.params[0], scope) : null;
      const inner = helper === 'each' ? elementsOf(value) : value;
      const blockParams = new Map(scope.blockParams);
      const names = block.program?.blockParams ?? [];
      if (names[0]) blockParams.set(names[0], inner);
      if (names[1]) blockParams.set(names[1], null);
      visitProgram(block.program, { ...scope, stack: [...scope.stack, { ty: inner }], blockParams });
      visitProgram(block.inverse, scope);
      return;
    }
    visitProgram(block.program, scope);
    visitProgram(block.inverse, scope);
  }

  /** The partials a `{{> ...}}` renders, each with the frame it sees (a union member, for one picked by its field). */
  function partialTargets(statement: hbs.AST.PartialStatement | hbs.AST.PartialBlockStatement, scope: Scope): Array<{ name: string; scope: Scope }> {
    const name = statement.name as Node;
    const named = (text: string) => [...partials.keys(), ...scope.inline.keys()].filter((partial) => matchesPattern(text, partial));
    if (name.type === 'PathExpression') return [{ name: (name as Path).original, scope }];
    if (name.type === 'StringLiteral') return [{ name: (name as hbs.AST.StringLiteral).value, scope }];
    const call = name as hbs.AST.SubExpression;
    visitCall(call, scope);
    const helper = simpleName(call.path);
    if (helper === 'lookup') {
      const key = call.params[1]?.type === 'StringLiteral' ? (call.params[1] as hbs.AST.StringLiteral).value : undefined;
      const patterns = (key !== undefined ? PARTIALS_BY_CONTEXT_FIELD[key] : undefined) ?? [];
      return patterns.flatMap(named).map((partial) => ({ name: partial, scope }));
    }
    if (helper !== 'concat') return [];
    const top = scope.stack.length - 1;
    const ownField = call.params.find((param) => param.type === 'PathExpression' && !(param as Path).data && (param as Path).depth === 0 && (param as Path).parts.length === 1);
    const alts = ownField && scope.stack[top].ty !== null ? scope.stack[top].ty! : undefined;
    const variants: Scope[] = alts ? alts.map((alt) => narrowed(scope, top, (a) => a === alt)!) : [scope];
    return variants.flatMap((variant) => {
      const patterns = call.params.reduce<string[]>((sofar, param) => {
        const values = param.type === 'StringLiteral' ? [(param as hbs.AST.StringLiteral).value] : (literalValues(param.type === 'PathExpression' ? resolve(param as Path, variant) : null) ?? ['*']);
        return sofar.flatMap((prefix) => values.map((value) => prefix + value));
      }, ['']);
      return [...new Set(patterns.flatMap(named))].map((partial) => ({ name: partial, scope: variant }));
    });
  }

  /**
   * An operation's ORM partial, `orm/<orm>/<operation>`, renders only the method of that operation
   * (src/map/methodSteps.ts picks it by the method's `operation`, however a template includes it):
   * its context is narrowed to that member. Undefined when no member has the operation.
   */
  function operationPartialStack(name: string, stack: Frame[]): Frame[] | undefined {
    const operation = /^orm\/[^/]+\/([^/]+)$/.exec(name)?.[1];
    const top = stack[stack.length - 1];
    if (!operation || !VALUES_BY_CONTEXT_FIELD.operation.includes(operation) || top.ty === null) return stack;
    const values = (alt: ts.Type) => {
      const type = propertyType(alt, 'operation');
      return type ? literalValues(spread(type)) : undefined;
    };
    if (!top.ty.some((alt) => values(alt) !== undefined)) return stack;
    const members = top.ty.filter((alt) => values(alt)?.includes(operation));
    return members.length ? [...stack.slice(0, -1), { ...top, ty: members }] : undefined;
  }

  function visitPartial(statement: hbs.AST.PartialStatement | hbs.AST.PartialBlockStatement, scope: Scope) {
    for (const target of partialTargets(statement, scope)) {
      const caller = target.scope;
      const param = statement.params[0];
      const ty = param ? evaluate(param, caller) : caller.stack[caller.stack.length - 1].ty;
      // Without a context argument the partial sees the caller's context, extended by its hash:
      // the hash a partial was given reaches the partials it includes so.
      const inherited = param ? [] : [...(caller.stack[caller.stack.length - 1].hash ?? [])];
      const hash = new Map([...inherited, ...(statement.hash?.pairs ?? []).map((pair) => [pair.key, evaluate(pair.value, caller)] as const)]);
      const pushed = param || hash.size ? [...caller.stack, { ty, hash }] : caller.stack;
      const stack = operationPartialStack(target.name, pushed);
      if (!stack) continue;
      const inline = scope.inline.get(target.name);
      const source = partials.get(target.name);
      if (!inline && !source) continue;
      // The frames `../` can reach in practice: a recursive partial (view/section) nests deeper on each call.
      const key = `${target.name}|${stack.slice(-3).map((f) => (f.ty ? f.ty.map((t) => (t as { id?: number }).id).join(',') : '?') + '+' + [...(f.hash?.keys() ?? [])].join(',')).join('/')}`;
      if (visited.has(key)) continue;
      visited.add(key);
      if (inline) {
        visitProgram(inline, { ...caller, stack, blockParams: new Map() });
        continue;
      }
      reachedPartials.add(target.name);
      visitProgram(programOf(source!), { stack, root: caller.root, blockParams: new Map(), template: source!.name, inline: new Map(scope.inline) });
    }
    if (statement.type === 'PartialBlockStatement') visitProgram(statement.program, scope);
  }

  function visitProgram(program: hbs.AST.Program | undefined, scope: Scope) {
    if (!program) return;
    for (const node of program.body) {
      if (node.type === 'DecoratorBlock') {
        const block = node as hbs.AST.DecoratorBlock;
        const name = block.params[0]?.type === 'StringLiteral' ? (block.params[0] as hbs.AST.StringLiteral).value : undefined;
        if (simpleName(block.path) === 'inline' && name) scope.inline.set(name, block.program);
      }
    }
    for (const node of program.body) {
      switch (node.type) {
        case 'MustacheStatement': {
          const mustache = node as hbs.AST.MustacheStatement;
          const name = simpleName(mustache.path);
          if (mustache.params.length || mustache.hash || (name && helpers.has(name))) visitCall(mustache, scope);
          else evaluate(mustache.path, scope);
          break;
        }
        case 'BlockStatement':
          visitBlock(node as hbs.AST.BlockStatement, scope);
          break;
        case 'PartialStatement':
        case 'PartialBlockStatement':
          visitPartial(node as hbs.AST.PartialStatement, scope);
          break;
        default:
      }
    }
  }

  for (const entry of options.registry) {
    const source = options.sources.find((s) => s.name === entry.template);
    if (!source) continue;
    const root = spread(typeOf(entry.context));
    visitProgram(programOf(source), { stack: [{ ty: root }], root, blockParams: new Map(), template: source.name, inline: new Map() });
  }
  for (const { scope, node, shown, name, having, missing, near } of missingFields.values()) {
    const [member, others] = [[...having].join(' | '), [...missing].join(' | ')];
    const where = having.size ? `a field of ${member} only, and this is also rendered with ${others}` : `not a field of ${others}`;
    report(scope, node, `"${shown}": "${name}" is ${where}${near && !having.size ? ` (did you mean "${near}"?)` : ''}`);
  }
  const sorted = [...problems.values()].sort((a, b) => (a.template < b.template ? -1 : a.template > b.template ? 1 : a.line - b.line || a.column - b.column));
  return { problems: sorted, checkedPaths, reachedPartials };
}

/** `partials/orm/prisma/list.hbs:3:10: "listQery" is not a field of ...`: line 1-based, column 1-based. */
export function formatTemplatePathProblem(problem: TemplatePathProblem): string {
  return `templates/${problem.template}:${problem.line}:${problem.column + 1}: ${problem.message}`;
}
