import type { RouteConfig } from '../config/configTypes';
import type { FixedBodyField } from '../domain/accounts';
import { bodyFieldOptions } from '../domain/bodyFields';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import { childPointer, diagnosticAt } from './locate';

/**
 * The body of a route whose work appgen writes (a mail route, a new API key): declared so that
 * the OpenAPI document, the typed client and pages see it, and exactly the fields appgen reads:
 * no other (did-you-mean), none that is required missing, each of its type, and required where
 * the route cannot go without it. `routeName` names the route in messages ("a password reset").
 */
export function checkFixedBody(
  document: ConfigDocument,
  pointer: string,
  config: RouteConfig,
  routeName: string,
  expected: readonly FixedBodyField[],
): Diagnostic[] {
  const names = expected.map((field) => field.name);
  const bodyAt = childPointer(pointer, 'body');
  const body = config.body ?? {};
  const problems: Diagnostic[] = [];
  const add = (where: string, message: string, fix: string, on: 'key' | 'value' = 'key') =>
    problems.push(diagnosticAt(document, where, message, fix, on));
  const quoted = names.map((n) => `"${n}"`);
  const reads =
    quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  for (const name of Object.keys(body))
    if (!names.includes(name))
      add(
        childPointer(bodyAt, name),
        `${routeName} reads ${reads}, not "${name}"`,
        suggest(name, names, 'a field:') || `remove "${name}".`,
      );
  const missing = expected.filter((field) => field.required && !Object.hasOwn(body, field.name));
  if (missing.length)
    add(
      config.body ? bodyAt : pointer,
      `the body of ${routeName} needs ${missing.map((f) => `"${f.name}"`).join(' and ')}`,
      `add ${missing.map((f) => `"${f.name}": { "type": "${f.type}", "required": true }`).join(', ')} to "body".`,
    );
  for (const field of expected.filter((f) => Object.hasOwn(body, f.name))) {
    const options = bodyFieldOptions(body[field.name]);
    const where = childPointer(bodyAt, field.name);
    if (options.type !== field.type)
      add(
        where,
        `"${field.name}" of ${routeName} is ${field.role}, of type "${field.type}", not "${options.type}"`,
        `set "type": "${field.type}".`,
        'value',
      );
    else if (field.required && !options.required)
      add(
        where,
        `${routeName} cannot go without "${field.name}"`,
        `add "required": true to "${field.name}".`,
        'value',
      );
  }
  return problems;
}
