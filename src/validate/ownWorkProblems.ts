import type { Diagnostic } from '../diagnostics/diagnostic';
import type { AccountRoute } from './checkAccountRoutes';
import { childPointer, diagnosticAt } from './locate';

/** What an account route whose whole work appgen writes says when a check of ownWorkProblems fails. */
export interface OwnWork {
  /** When the project has no accounts model: "a new API key belongs to one of the app's users, ...". */
  noModel: string;
  /** When `response`, `model` or `status` is set: "a new API key answers what appgen writes for it". */
  answers: string;
  /** The route takes no body either, and this says so: "an enrolment takes no body: ...". */
  noBody?: string;
}

/**
 * The checks every account route whose whole work appgen writes (mail, API key, second-factor
 * and provider routes) makes first: the project has an accounts model, and no option would change
 * what the route answers (`response`, `model`, `status`, and `body` where it takes none). Null
 * when they hold; else the one problem, reported alone (its other checks would follow from it).
 */
export function ownWorkProblems(route: AccountRoute, own: OwnWork): Diagnostic[] | null {
  const { document, pointer, config, accounts } = route;
  if (!accounts.model)
    return [
      diagnosticAt(
        document,
        childPointer(pointer, 'account'),
        own.noModel,
        'name it in appgen.config.json: "accounts": { "model": "User" }.',
      ),
    ];
  const keys = ['response', 'model', 'status', ...(own.noBody ? ['body'] : [])] as const;
  const extra = keys.find((key) => config[key as 'response'] !== undefined);
  if (extra === undefined) return null;
  return [
    diagnosticAt(
      document,
      childPointer(pointer, extra),
      extra === 'body' && own.noBody ? own.noBody : own.answers,
      `remove "${extra}".`,
      'key',
    ),
  ];
}
