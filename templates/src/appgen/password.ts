import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashes: scrypt from Node's own crypto (OpenSSL), run on libuv's thread pool so a hash
 * does not block other requests. Stored as `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>`
 * (base64, no padding), so the parameters can change later and old hashes still verify.
 *
 * N is 2^17 (128 MiB, OWASP's minimum for scrypt: about 0.4 s of one core). A test suite that signs
 * up and logs in hundreds of times may set APPGEN_TEST_FAST_PASSWORD_HASHES=1 (as Laravel's
 * BCRYPT_ROUNDS or Django's test hasher do): new hashes then use N=2^10, cheap to crack. Never
 * set it where real passwords are stored: a production server that has it says so when it starts
 * (fastHashesSet), and hashes made under it stay weak after it is unset.
 */
const FAST_HASHES = process.env.APPGEN_TEST_FAST_PASSWORD_HASHES === "1";
const LOG2_N = FAST_HASHES ? 10 : 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      length,
      { ...options, maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** The stored form of a password: a fresh salt and its scrypt hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, {
    N: 2 ** LOG2_N,
    r: BLOCK_SIZE,
    p: PARALLELISM,
  });
  const params = `ln=${LOG2_N},r=${BLOCK_SIZE},p=${PARALLELISM}`;
  return `$scrypt$${params}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

const STORED =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;
let decoy: Promise<string> | undefined;

/**
 * Whether `password` is the one `stored` was made from. Without a stored hash (no such user, no
 * password set) it still hashes once against a decoy and answers false, so the answer takes the
 * same time and an attacker cannot tell an unknown account from a wrong password.
 */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  const match = STORED.exec(stored ?? "");
  if (!match) {
    decoy ??= hashPassword("appgen decoy password");
    await verifyPassword(password, await decoy);
    return false;
  }
  const [, logN, r, p, salt, hash] = match;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), expected.length, {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The start-up warning of a server whose new password hashes are a test suite's cheap ones. */
export function fastHashesSet(): string | null {
  return FAST_HASHES
    ? `APPGEN_TEST_FAST_PASSWORD_HASHES is set: new password hashes use scrypt N=2^${LOG2_N}, ` +
        "cheap to crack. It is for test suites only: unset it wherever real passwords are stored."
    : null;
}
