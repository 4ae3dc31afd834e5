import crypto from 'crypto';
import fs from 'fs';
import path from 'path';

/**
 * The session secret the suites' servers run with: testEnv puts it into their environment, as a
 * deployment sets its own, since a production server (`next start`, server.js) refuses the
 * development secret create-appgen writes into .env (issue 49).
 */
export const TEST_SESSION_SECRET = 'e2e-Qm7vT2xL9pR4kW8nB3cY6hJ1dF5gZ0sA';

/** The development secret create-appgen wrote into the project's .env. */
export function dotenvSecret(dir: string): string {
  const match = /^APPGEN_SESSION_SECRET=(.+)$/m.exec(
    fs.readFileSync(path.join(dir, '.env'), 'utf8'),
  );
  if (!match) throw new Error('no APPGEN_SESSION_SECRET in .env');
  return match[1].trim();
}

/** A hand-made HS256 JWT, to send tokens the app must refuse (forged, expired, alg none). */
export function handMadeJwt(
  payload: Record<string, unknown>,
  secret: string,
  alg = 'HS256',
): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const data = `${encode({ alg, typ: 'JWT' })}.${encode(payload)}`;
  if (alg === 'none') return `${data}.`;
  return `${data}.${crypto.createHmac('sha256', secret).update(data).digest('base64url')}`;
}
