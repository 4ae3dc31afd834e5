import type { Diagnostic } from '../diagnostics/diagnostic';
import { closestMatch, suggest } from '../diagnostics/didYouMean';
import type { PathSegment } from '../domain/appPaths';
import type { ConfigDocument } from '../load/configDocument';
import { childPointer, diagnosticAt } from './locate';
import type { RouteWithShape } from './resolveRouteModel';

interface PathParamsEntry extends RouteWithShape {
  document: ConfigDocument;
  pointer: string;
  segments: PathSegment[];
}

/**
 * Every `:name` of a route's path is declared in `params` and every declared name is in the path.
 * A path parameter spelt unlike its declaration (`:postid` beside `"postId"`) is one mistake:
 * one error at the path, whose fix spells it as declared (the name views bind by).
 */
export function checkPathParams(entry: PathParamsEntry): Diagnostic[] {
  const { document, pointer, config, segments } = entry;
  const problems: Diagnostic[] = [];
  const declared = config.params ?? {};
  const inPath = segments.filter((s) => s.param).map((s) => s.param as string);
  const unused = Object.keys(declared).filter((name) => !inPath.includes(name));
  const respelt = new Map<string, string>();
  for (const name of inPath) {
    const match = Object.hasOwn(declared, name) ? undefined : closestMatch(name, unused);
    if (match && ![...respelt.values()].includes(match)) respelt.set(name, match);
  }
  const seen = new Set<string>();
  for (const name of inPath) {
    if (seen.has(name))
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, 'path'),
          `path "${config.path}" uses ":${name}" twice`,
          'give each parameter its own name.',
        ),
      );
    seen.add(name);
    const declaredAs = respelt.get(name);
    if (declaredAs) {
      const fixed = config.path.replace(new RegExp(`:${name}(?=/|$)`), `:${declaredAs}`);
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, 'path'),
          `path parameter ":${name}" is not declared in "params", which declares "${declaredAs}"`,
          `did you mean "${fixed}"?`,
        ),
      );
    } else if (!Object.hasOwn(declared, name)) {
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, 'path'),
          `path parameter ":${name}" is not declared in "params"`,
          `add "params": { "${name}": "uuid" } (or "string", "int").`,
        ),
      );
    }
  }
  const respeltTo = new Set(respelt.values());
  for (const name of unused) {
    if (respeltTo.has(name)) continue;
    problems.push(
      diagnosticAt(
        document,
        childPointer(childPointer(pointer, 'params'), name),
        `parameter "${name}" is declared but path "${config.path}" has no ":${name}" segment`,
        suggest(name, inPath, 'a path parameter:') || 'remove it from "params".',
        'key',
      ),
    );
  }
  return problems;
}
