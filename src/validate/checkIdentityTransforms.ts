import type { BodyFieldConfig } from '../config/configTypes';
import { bodyFieldOptions } from '../domain/bodyFields';
import { WRITE_OPERATIONS } from '../domain/routeOperation';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import type { CheckedAccounts } from './checkAccountsSettings';
import type { CheckedRoute } from './checkedProject';
import { childPointer, diagnosticAt } from './locate';

const transformsOf = (field: BodyFieldConfig): string[] => bodyFieldOptions(field).transform ?? [];
const described = (transforms: readonly string[]) =>
  transforms.length ? `after ${transforms.map((t) => `"${t}"`).join(', ')}` : 'as sent';

/**
 * A log-in finds the account by the identity as its own body transforms it, so the routes that
 * store that field should transform it alike: a sign-up that lower-cases "email" and a log-in
 * that does not would never find "Jake@Example.com" again. Warns on the log-in's field.
 */
export function identityTransformWarnings(
  routes: readonly CheckedRoute[],
  accounts: CheckedAccounts,
  documents: ReadonlyMap<string, ConfigDocument>,
): Diagnostic[] {
  const writers = routes.filter(
    (r) =>
      r.model === accounts.model && WRITE_OPERATIONS.includes(r.operation) && !r.config.function,
  );
  const warnings: Diagnostic[] = [];
  for (const logIn of routes.filter((r) => r.config.account === 'logIn')) {
    const document = documents.get(logIn.origin.file);
    if (!document) continue;
    for (const name of accounts.identity) {
      const field = logIn.config.body?.[name];
      if (field === undefined) continue;
      const own = transformsOf(field);
      const writer = writers.find((w) => {
        const stored = w.config.body?.[name];
        return stored !== undefined && transformsOf(stored).join() !== own.join();
      });
      if (!writer) continue;
      const stored = transformsOf(writer.config.body?.[name] ?? 'string');
      warnings.push(
        diagnosticAt(
          document,
          childPointer(childPointer(logIn.origin.pointer, 'body'), name),
          `the log-in looks "${name}" up ${described(own)}, but ${writer.config.method} ${writer.config.path} stores it ${described(stored)}: an account may not be found by what its user typed`,
          stored.length
            ? `give both the same "transform": ${JSON.stringify(stored)}.`
            : `give both the same "transform": add ${JSON.stringify(own)} to "${name}" of ${writer.config.method} ${writer.config.path}.`,
          'key',
        ),
      );
    }
  }
  return warnings;
}
