import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { evaluateModule } from '../support/typescriptSource';

// src/appgen/password.ts run as a generated app runs it: scrypt with OWASP's minimum (N=2^17)
// unless APPGEN_TEST_FAST_PASSWORD_HASHES=1, which the e2e suites set (tests/e2e/support/
// testProject.ts) so their hundreds of sign-ups and log-ins do not cost 0.4 s of CPU each.

type Password = {
  hashPassword(password: string): Promise<string>;
  verifyPassword(password: string, stored: string | null | undefined): Promise<boolean>;
  fastHashesSet(): string | null;
};

const SOURCE = fs.readFileSync(path.join(BUILTIN_TEMPLATES_DIR, 'src/appgen/password.ts'), 'utf8');
const FAST = 'APPGEN_TEST_FAST_PASSWORD_HASHES';

/** The module as a server loads it, with `value` (or nothing) in the variable. */
function passwordModule(value: string | undefined): Password {
  const before = process.env[FAST];
  if (value === undefined) delete process.env[FAST];
  else process.env[FAST] = value;
  try {
    return evaluateModule('password.ts', SOURCE, { 'node:crypto': crypto }) as Password;
  } finally {
    if (before === undefined) delete process.env[FAST];
    else process.env[FAST] = before;
  }
}

describe('password hashes (src/appgen/password.ts)', () => {
  it('uses scrypt N=2^17, r=8, p=1 by default, and says nothing when the server starts', async () => {
    const password = passwordModule(undefined);
    const stored = await password.hashPassword('correct horse');
    expect(stored).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    await expect(password.verifyPassword('correct horse', stored)).resolves.toBe(true);
    await expect(password.verifyPassword('correct horse!', stored)).resolves.toBe(false);
    expect(password.fastHashesSet()).toBeNull();
    // Any other value than "1" leaves the cost alone.
    expect(passwordModule('true').fastHashesSet()).toBeNull();
  });

  it('makes cheap hashes under APPGEN_TEST_FAST_PASSWORD_HASHES=1 and warns at start-up', async () => {
    const strong = await passwordModule(undefined).hashPassword('correct horse');
    const fast = passwordModule('1');
    const stored = await fast.hashPassword('correct horse');
    expect(stored).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
    await expect(fast.verifyPassword('correct horse', stored)).resolves.toBe(true);
    // A hash keeps its parameters: one made without the variable still verifies with it, and back.
    await expect(fast.verifyPassword('correct horse', strong)).resolves.toBe(true);
    await expect(passwordModule(undefined).verifyPassword('correct horse', stored)).resolves.toBe(
      true,
    );
    expect(fast.fastHashesSet()).toMatch(
      /^APPGEN_TEST_FAST_PASSWORD_HASHES is set: .*N=2\^10.*unset it wherever real passwords are stored\.$/,
    );
  });

  it('answers false for an account with no hash, after hashing against a decoy', async () => {
    const password = passwordModule('1');
    await expect(password.verifyPassword('anything', null)).resolves.toBe(false);
    await expect(password.verifyPassword('anything', 'plain text')).resolves.toBe(false);
  });
});
