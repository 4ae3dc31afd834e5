import type { MethodContext, StartupCheckContext } from './contexts';

/**
 * The checks a server of this project runs when it starts (src/appgen/startup.ts), each a
 * function of a generated module that returns null or what is wrong. A check belongs here when
 * a request would otherwise fail after writing: routes that issue session tokens (sign-up,
 * log-in) need a usable APPGEN_SESSION_SECRET. To add one, export its function from the module
 * that owns the setting and list it here.
 */
export function mapStartupChecks(methods: readonly MethodContext[]): StartupCheckContext[] {
  const checks: StartupCheckContext[] = [];
  if (methods.some((method) => method.account?.issuesToken))
    checks.push({ module: '@/appgen/session', name: 'sessionSecretProblem' });
  return checks;
}
