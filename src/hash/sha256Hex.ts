import crypto from 'crypto';

/** The SHA-256 of a text or buffer, as 64 lowercase hex digits: how appgen names content. */
export function sha256Hex(content: string | Buffer): string {
  return crypto.createHash('sha256').update(content).digest('hex');
}
