import crypto from 'crypto';
import fs from 'fs';
import path from 'path';

/** The session secret create-appgen wrote into the project's .env. */
export function projectSecret(dir: string): string {
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
