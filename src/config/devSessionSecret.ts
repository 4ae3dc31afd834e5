/**
 * The start of the session secret create-appgen writes into a new project's `.env`. The
 * generated app (src/appgen/session.ts) refuses a secret with this start when NODE_ENV is
 * production: a production server must have a secret of its own, not the one every checkout
 * of the project carries in its `.env` (which `next build` would otherwise ship with the
 * standalone output).
 */
export const DEV_SESSION_SECRET_PREFIX = 'appgen-dev-';

/** The development secret of a new project, from random text (base64url of 32 random bytes). */
export function devSessionSecret(random: string): string {
  return `${DEV_SESSION_SECRET_PREFIX}${random}`;
}
