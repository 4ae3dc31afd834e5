import type { OrmName } from '../config/configTypes';
import type { MethodContext, ParamContext } from './contexts';
import type { MethodFields } from './methodContextOf';
import { managesOwnSession } from '../domain/accounts';
import { identifier as ident } from '../domain/identifier';
import { specLiterals } from './specLiterals';
import { noBodyHint } from './noBodyHint';

/** The fields of MethodContext decided here (the last block of MethodContext). */
export type MethodSteps = Pick<
  MethodContext,
  | 'specs'
  | 'bodySpecFields'
  | 'listQuerySpec'
  | 'shapeLiteral'
  | 'handlerParameters'
  | 'paramsArgument'
  | 'bodyArgument'
  | 'recordArgument'
  | 'eventsLoop'
  | 'runEventsList'
  | 'steps'
  | 'noBodyHint'
  | 'paramChecks'
  | 'passwordFields'
  | 'noContent'
  | 'explicitStatus'
  | 'eventsReadComputed'
>;

/** Every field of the method but these (all of them: a method of any operation). */
type Method = Omit<MethodFields, keyof MethodSteps | 'orm'>;

const PARAM_CHECKS: Partial<Record<ParamContext['type'], { test: string; expected: string }>> = {
  uuid: { test: 'isUuid', expected: 'a UUID' },
  int: { test: 'isIntParam', expected: 'a whole number' },
  string: { test: 'isTextParam', expected: 'text without U+0000' },
};

/** What the route file declares before the handlers for one method: its body, query and shape specs. */
function specsOf(method: Method, orm: OrmName): MethodContext['specs'] {
  const specs: MethodContext['specs'] = [];
  if (method.hasBody) specs.push({ spec: 'handler/bodySpec', spaced: true });
  if (method.listQuery) specs.push({ spec: 'handler/listQuerySpec', spaced: true });
  if (orm !== 'none') specs.push({ spec: `orm/${orm}/prepared`, spaced: false });
  return specs;
}

/**
 * The checks before the work, in the order they run: the path's parameters read, cross-site,
 * sign-in, path, body (read, or refused when the method declares none), query, the caller
 * access rules see, parents, voter;
 * then, on a method a page may probe, the probe's stop.
 */
function checksOf(method: Method, orm: OrmName): string[] {
  const auth = managesOwnSession(method.account?.action)
    ? 'handler/liveSession'
    : method.auth
      ? 'handler/auth'
      : method.optionalAuth
        ? 'handler/optionalAuth'
        : method.usesUserId
          ? 'handler/anonymous'
          : null;
  const params = method.renamesParams ? 'handler/renameParams' : 'handler/awaitParams';
  return [
    method.params.length > 0 && params,
    method.mutating && 'handler/csrf',
    auth,
    method.params.some((p) => PARAM_CHECKS[p.type]) && 'handler/params',
    method.hasBody ? (method.probed ? 'handler/probedBody' : 'handler/body') : 'handler/noBody',
    method.changesNothingMessage !== null && 'handler/requireChanges',
    method.listQuery !== null && 'handler/listQuery',
    method.listQuery?.cursor && 'handler/readCursor',
    method.accessCaller !== null && 'handler/caller',
    method.parents.length > 0 && 'handler/parents',
    method.loadsRecord && `orm/${orm}/load`,
    method.access?.checksBefore && `orm/${orm}/accessCheck`,
    method.access?.write === 'create' && 'handler/accessCreate',
    method.fieldAccess?.checksWrites && 'handler/fieldWrites',
    method.voter !== null && 'handler/voter',
    method.builtinVoter === 'self' && 'handler/voterSelf',
    method.builtinVoter === 'owner' && 'handler/voterOwner',
    method.roleVoter !== null && 'handler/voterRole',
    // A probe (MethodContext.probed) stops after the last check, before any work.
    method.probed && 'handler/probeStop',
  ].filter((step): step is string => typeof step === 'string');
}

/**
 * The answer of a list: a page by cursor (`records` and `next` in an envelope, or a Link header), or `records` with the number of
 * all matches (`total`) when the list counts them: in the body key envelope.count, else in
 * x-total-count; else the records as they are.
 */
function listAnswerOf(method: Method): string {
  const cursor = method.listQuery?.cursor;
  if (cursor) return cursor.nextKey ? 'handler/respondPage' : 'handler/respondPageLink';
  if (method.listQuery && method.envelope.count) return 'handler/respondCounted';
  if (method.listQuery?.count) return 'handler/respondCountHeader';
  return 'handler/respondRecords';
}

/**
 * After the ORM's operation partial (which does the database work only and leaves `records`, or
 * `record`, and `total`): the events and the answer, the same for every ORM. orm none has no
 * database: its operation partials are the whole (stub) answer.
 */
function answerOf(method: Method): string[] {
  switch (method.operation) {
    case 'list':
      return [listAnswerOf(method)];
    case 'get':
      // `token` on a GET answers the token the request was signed in with.
      return [method.sessionToken ? 'handler/respondHeldToken' : 'handler/respondFound'];
    case 'logIn':
      return ['handler/logInAnswer'];
  }
  if (method.collection) return ['handler/writeEvents', 'handler/respondCollection'];
  // A sign-up (the only account route that writes a record), or a PUT or PATCH of the caller's
  // own record with `token`, answers a session token; a sign-up with the known-client cookie too
  // where a log-in route counts known clients apart.
  // A sign-up's verification mail is one of its queued events (mapRoutes.ts).
  const events = ['handler/writeEvents'];
  if (method.account?.knowsClient) return [...events, 'handler/respondSignedIn'];
  const token = Boolean(method.account?.issuesToken) || method.sessionToken !== null;
  return [...events, token ? 'handler/respondToken' : 'handler/respondRecord'];
}

/**
 * The work of one method after its checks, and the one place an ORM partial is picked: a function
 * route calls the user's function, a log-out clears the cookie; any other runs
 * `orm/<orm>/<operation>` between what must hold before it writes and its events and answer.
 */
function workOf(method: Method, orm: OrmName): string[] {
  if (method.operation === 'function') return ['handler/function'];
  if (method.operation === 'listSessions') return ['handler/listSessions'];
  if (method.operation === 'revokeSession') return ['handler/revokeSession'];
  // A mail route's whole work is src/appgen/accountMail.ts's: handler/<action> calls it.
  if (method.operation === 'accountMail') return [`handler/${method.account?.action}`];
  // So is an API key route's src/appgen/apiKeys.ts's, a second factor's src/appgen/totp.ts's and a
  // provider's sign-in's src/appgen/oidc.ts's.
  if (method.operation === 'apiKeys' || method.operation === 'totp' || method.operation === 'oidc')
    return [`handler/${method.account?.action}`];
  if (method.operation === 'logOut')
    return [
      ...(method.endsSessions === 'request' ? ['handler/endSession'] : []),
      ...(method.endsSessions === 'every' ? ['handler/endEverySession'] : []),
      'handler/logOut',
    ];
  return [
    ...(method.account?.issuesToken ? ['handler/sessionReady'] : []),
    ...(method.sessionToken ? ['handler/sessionReady'] : []),
    ...(method.hashesPasswords ? ['handler/hashPasswords'] : []),
    // Before the write: a crash between the two leaves the sessions ended, never alive.
    ...(method.endsSessions === 'others' ? ['handler/endOtherSessions'] : []),
    ...(method.operation === 'logIn' ? ['handler/logInChecks'] : []),
    `orm/${orm}/${method.operation}`,
    ...(orm === 'none' ? [] : answerOf(method)),
  ];
}

/**
 * Which partials render a method, and the lists they go through, decided here so that the
 * templates hold no conditions on the operation (src/domain/handlerSteps.ts names every one).
 */
export function methodSteps(method: Method, orm: OrmName): MethodSteps {
  return {
    specs: specsOf(method, orm),
    ...specLiterals(method),
    steps: [...checksOf(method, orm), ...workOf(method, orm)].map((step) => ({ step })),
    noBodyHint: method.hasBody ? null : noBodyHint(method.listQuery),
    paramChecks: method.params.flatMap((param) => {
      const check = PARAM_CHECKS[param.type];
      return check ? [{ name: param.name, ...check }] : [];
    }),
    passwordFields: method.body.filter((f) => f.type === 'password').map((f) => f.name),
    handlerParameters:
      method.params.length > 0 ? 'request: Request, ctx: Context' : 'request: Request',
    paramsArgument: method.params.length > 0 ? 'params' : '{}',
    bodyArgument: method.hasBody ? 'body' : 'undefined',
    recordArgument: method.loadsRecord ? 'current' : 'null',
    eventsLoop: method.collection ? 'for (const record of records) ' : '',
    runEventsList: `[${method.inRequestEvents.map((name) => `[${JSON.stringify(name)}, ${ident(name)}]`).join(', ')}]`,
    noContent: method.successStatus === 204,
    explicitStatus: method.successStatus === 200 ? null : method.successStatus,
    eventsReadComputed: method.computes && orm !== 'none',
  };
}
