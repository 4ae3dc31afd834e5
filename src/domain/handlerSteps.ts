/**
 * The partials a route method's handler is made of, in the order src/map/methodSteps.ts lists
 * them for one method (`MethodContext.steps`): the checks, the work, the events and the answer.
 * The route template renders each with `{{> (lookup . "step") ..}}` and decides nothing itself.
 * `orm/*` entries are patterns: the ORM's partial of that name (`orm/prisma/load`), or of the
 * method's operation (`orm/*\/<operation>`, see OPERATION_PARTIAL).
 */
export const HANDLER_STEP_PARTIALS: readonly string[] = [
  'handler/awaitParams',
  'handler/renameParams',
  'handler/csrf',
  'handler/auth',
  'handler/optionalAuth',
  'handler/anonymous',
  'handler/params',
  'handler/body',
  'handler/probedBody',
  'handler/noBody',
  'handler/requireChanges',
  'handler/listQuery',
  'handler/readCursor',
  'handler/caller',
  'handler/parents',
  'orm/*/load',
  'orm/*/accessCheck',
  'handler/accessCreate',
  'handler/fieldWrites',
  'handler/voter',
  'handler/voterSelf',
  'handler/voterOwner',
  'handler/voterRole',
  'handler/probeStop',
  'handler/function',
  'handler/endSession',
  'handler/endEverySession',
  'handler/listSessions',
  'handler/requestReset',
  'handler/resetPassword',
  'handler/verifyEmail',
  'handler/resendVerification',
  'handler/logOut',
  'handler/sessionReady',
  'handler/hashPasswords',
  'handler/endOtherSessions',
  'handler/logInChecks',
  'handler/respondPage',
  'handler/respondPageLink',
  'handler/respondCounted',
  'handler/respondCountHeader',
  'handler/respondRecords',
  'handler/respondFound',
  'handler/respondToken',
  'handler/respondSignedIn',
  'handler/respondHeldToken',
  'handler/logInAnswer',
  'handler/writeEvents',
  'handler/sendVerification',
  'handler/respondCollection',
  'handler/respondRecord',
];

/** The partials a route file puts before its handlers, per method (`MethodContext.specs`). */
export const HANDLER_SPEC_PARTIALS: readonly string[] = [
  'handler/bodySpec',
  'handler/listQuerySpec',
  'orm/*/prepared',
];
