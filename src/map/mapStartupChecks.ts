import type { MethodContext, StartupCheckContext } from './contexts';

/**
 * The checks a server of this project runs when it starts (src/appgen/startup.ts), each a
 * function of a generated module that returns null or what is wrong. A check belongs here when
 * a request would otherwise fail after writing, or answer wrong: routes that issue session
 * tokens (sign-up, log-in, `token`) need a usable APPGEN_SESSION_SECRET; answers with url fields
 * a well-formed APPGEN_PUBLIC_URL when it is set; an app with a database needs DATABASE_URL to
 * reach it (set, for PostgreSQL; answering within a few seconds); an app with `cors` needs
 * APPGEN_CORS_ORIGINS, when set, to name origins (a mistyped one would fail every request of the
 * deployed front end). To add one, export its function from the module that owns the setting
 * and list it here.
 */
export function mapStartupChecks(
  methods: readonly MethodContext[],
  project: { usesDatabase: boolean; cors?: boolean },
): StartupCheckContext[] {
  const checks: StartupCheckContext[] = [];
  if (project.usesDatabase) checks.push({ module: '@/appgen/health', name: 'databaseProblem' });
  if (methods.some((method) => method.account?.issuesToken || method.sessionToken !== null))
    checks.push({ module: '@/appgen/session', name: 'sessionSecretProblem' });
  if (methods.some((method) => method.sendsUrls))
    checks.push({ module: '@/appgen/requestOrigin', name: 'publicUrlProblem' });
  if (project.cors) checks.push({ module: '@/appgen/cors', name: 'corsOriginsProblem' });
  return checks;
}
