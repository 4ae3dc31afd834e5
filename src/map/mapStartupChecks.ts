import type { MethodContext, StartupCheckContext, StartupImportContext } from './contexts';

/** What src/appgen/startup.ts runs when a server starts, and what it imports for that. */
export interface StartupContexts {
  startupChecks: StartupCheckContext[];
  startupWarnings: StartupCheckContext[];
  startupImports: StartupImportContext[];
}

/**
 * The checks a server of this project runs when it starts (src/appgen/startup.ts), each a
 * function of a generated module that returns null or what is wrong. A check belongs here when
 * a request would otherwise fail after writing, or answer wrong: routes that issue session
 * tokens (sign-up, log-in, `token`) need a usable APPGEN_SESSION_SECRET; answers with url fields
 * a well-formed APPGEN_PUBLIC_URL when it is set; an app with a database needs DATABASE_URL to
 * reach it (set, for PostgreSQL; answering within a few seconds); an app with `cors` needs
 * APPGEN_CORS_ORIGINS, when set, to name origins (a mistyped one would fail every request of the
 * deployed front end); every app needs APPGEN_TRUST_PROXY, when set, to be a count the settings
 * allow, and APPGEN_TRUSTED_ORIGINS, when set, to name origins. The warnings are what a
 * production server can do without but should have: it says so and serves (answers with url
 * fields and no APPGEN_PUBLIC_URL take their host from each request; an app that hashes passwords
 * says when APPGEN_TEST_FAST_PASSWORD_HASHES makes its new hashes a test suite's cheap ones). To
 * add one, export its function from the module that owns the setting and list it here.
 */
export function mapStartupChecks(
  methods: readonly MethodContext[],
  project: {
    usesDatabase: boolean;
    cors?: boolean;
    hashesPasswords?: boolean;
    sendsMail?: boolean;
    /** Some mail link is a path of the app: mailProblem requires APPGEN_PUBLIC_URL. */
    mailNeedsPublicUrl?: boolean;
    /** OpenID Connect providers: each needs its client id and secret (providersProblem). */
    signsInWithProviders?: boolean;
  },
): StartupContexts {
  const checks: StartupCheckContext[] = [];
  const warnings: StartupCheckContext[] = [];
  const sendsUrls = methods.some((method) => method.sendsUrls);
  if (project.usesDatabase) checks.push({ module: '@/appgen/health', name: 'databaseProblem' });
  if (methods.some((method) => method.account?.issuesToken || method.sessionToken !== null))
    checks.push({ module: '@/appgen/session', name: 'sessionSecretProblem' });
  checks.push({ module: '@/appgen/requestOrigin', name: 'trustProxyProblem' });
  if (sendsUrls || project.sendsMail)
    checks.push({ module: '@/appgen/requestOrigin', name: 'publicUrlProblem' });
  // Mail links never take their host from a request: APPGEN_PUBLIC_URL is needed, not advised.
  if (sendsUrls && !project.mailNeedsPublicUrl)
    warnings.push({ module: '@/appgen/requestOrigin', name: 'publicUrlMissing' });
  if (project.sendsMail) checks.push({ module: '@/appgen/mail', name: 'mailProblem' });
  if (project.signsInWithProviders)
    checks.push({ module: '@/appgen/oidc', name: 'providersProblem' });
  checks.push({ module: '@/appgen/csrf', name: 'trustedOriginsProblem' });
  if (project.cors) checks.push({ module: '@/appgen/cors', name: 'corsOriginsProblem' });
  if (project.hashesPasswords)
    warnings.push({ module: '@/appgen/password', name: 'fastHashesSet' });
  return {
    startupChecks: checks,
    startupWarnings: warnings,
    startupImports: importsOf([...checks, ...warnings]),
  };
}

/** One import per module, its functions in the order they are listed. */
function importsOf(functions: readonly StartupCheckContext[]): StartupImportContext[] {
  const byModule = new Map<string, string[]>();
  for (const { module, name } of functions)
    byModule.set(module, [...(byModule.get(module) ?? []), name]);
  return [...byModule].map(([module, names]) => ({ module, names }));
}
