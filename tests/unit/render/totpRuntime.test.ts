import crypto from 'crypto';
import qrcode from 'qrcode';
import { otplibCall, totpCode } from '../../e2e/support/otplib';
import { accountsProject, logInRoute } from '../support/accountRoutes';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

// src/appgen/totp.ts (a second factor, issue 53) as a project renders it, against tables in
// memory, with the real otplib (in a Node.js process: tests/e2e/support/otplib.ts) and qrcode:
// enrolment, confirmation and its recovery codes, the log-in's check (a code taken once, the
// clock's tolerance, recovery codes single-use), disabling. The e2e suite pages-blog.test.ts runs
// it on the four ORM x database pairs.

type Row = { secret: string; confirmedAt: Date | null; lastTimeStep: number | null };

type Totp = {
  enrolTotp(userId: string): Promise<Response>;
  confirmTotp(userId: string, asked: { code: string }): Promise<Response>;
  disableTotp(userId: string, asked: { code: string }): Promise<Response>;
  secondFactorRefusal(userId: string, code: string | null | undefined): Promise<Response | null>;
};

const ROUTES = [
  logInRoute({ code: 'string' }),
  { method: 'POST', path: '/api/totp/enrol', account: 'enrolTotp' },
  {
    method: 'POST',
    path: '/api/totp/confirm',
    account: 'confirmTotp',
    body: { code: { type: 'string', required: true } },
  },
];

const SOURCE = renderFiles(accountsProject(ROUTES)).get('src/appgen/totp.ts')?.content ?? '';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The module with its tables in memory (the route checked the session: its functions take the user's id). */
function totpModule() {
  const factors = new Map<string, Row>();
  const recovery = new Map<string, Set<string>>();
  const failures = new Map<string, number>();
  const totpRows = {
    find: async (userId: string) => {
      const row = factors.get(userId);
      return row ? { ...row } : null;
    },
    start: async (userId: string, secret: string) => {
      factors.set(userId, { secret, confirmedAt: null, lastTimeStep: null });
    },
    confirm: async (
      userId: string,
      secret: string,
      timeStep: number,
      hashes: string[],
      time: Date,
    ) => {
      const row = factors.get(userId);
      if (!row || row.secret !== secret || row.confirmedAt !== null) return false;
      factors.set(userId, { ...row, confirmedAt: time, lastTimeStep: timeStep });
      recovery.set(userId, new Set(hashes));
      return true;
    },
    takeStep: async (userId: string, timeStep: number) => {
      const row = factors.get(userId);
      if (!row || row.confirmedAt === null) return false;
      if (row.lastTimeStep !== null && row.lastTimeStep >= timeStep) return false;
      row.lastTimeStep = timeStep;
      return true;
    },
    takeRecoveryCode: async (userId: string, hash: string) =>
      recovery.get(userId)?.delete(hash) ?? false,
    remove: async (userId: string) => {
      factors.delete(userId);
      recovery.delete(userId);
    },
    labelOf: async (userId: string) => `${userId}@example.com`,
  };
  const errorBody = (messages: string[]) => ({ error: messages.join(' ') });
  const http = {
    errorBody,
    json: (data: unknown, status = 200) => Response.json(data, { status }),
    jsonError: (status: number, error: string) => Response.json({ error }, { status }),
    invalidBody: (problems: string[], fields: Record<string, string>) =>
      Response.json({ ...errorBody(problems), fields }, { status: 400 }),
    noContent: () => new Response(null, { status: 204 }),
  };
  const otplib = {
    generateSecret: () => otplibCall<string>('generateSecret', {}),
    generateURI: (options: unknown) => otplibCall<string>('generateURI', options),
    verify: async (options: unknown) => otplibCall<unknown>('verify', options),
  };
  const totp = evaluateModule('totp.ts', SOURCE, {
    'node:crypto': crypto,
    otplib,
    qrcode,
    './http': http,
    './sessions': { tokenHashOf: sha256 },
    './totpRows': { totpRows },
    // The throttle's counting is tested with throttle.ts itself (throttleRuntime.test.ts); here
    // a count in memory per key, refused once full, emptied by a success.
    './throttle': {
      SIGN_IN_LIMITS: { perIdentity: 3 },
      countedAttempt: async (limits: Array<{ key: string; limit: number }>, message: string) => {
        const [{ key, limit }] = limits;
        const count = failures.get(key) ?? 0;
        if (count >= limit) return { refused: new Response(message, { status: 429 }) };
        failures.set(key, count + 1);
        return { refused: null, succeeded: async () => void failures.delete(key) };
      },
    },
  }) as Totp;
  return { totp, factors, recovery };
}

// 10:00:10 UTC: 10 seconds into a 30-second step.
const START = Date.parse('2026-11-30T10:00:10Z');
let now = START;
const seconds = () => Math.floor(now / 1000);
beforeEach(() => {
  now = START;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

/** A user with a confirmed factor: its secret and recovery codes. */
async function enrolled(totp: Totp, user: string) {
  const enrolment = (await (await totp.enrolTotp(user)).json()) as { secret: string };
  const confirmed = await totp.confirmTotp(user, {
    code: totpCode(enrolment.secret, seconds()),
  });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { secret: enrolment.secret, recoveryCodes };
}

async function refusal(answer: Promise<Response | null>) {
  const response = await answer;
  return response === null ? null : { status: response.status, body: await response.json() };
}

const NEEDED = 'Enter the code of your authenticator app (or a recovery code).';
const WRONG = 'This code is wrong or was used already.';

describe('src/appgen/totp.ts', () => {
  it('enrols: a new secret, its otpauth:// URI for the app and the account, and its QR code', async () => {
    const { totp, factors } = totpModule();
    const answer = await totp.enrolTotp('u1');
    expect(answer.status).toBe(200);
    const { secret, uri, qrCode } = (await answer.json()) as Record<string, string>;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/appgen%20app:u1%40example.com?secret=${secret}&issuer=appgen%20app`,
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(qrCode.split(',')[1], 'base64').toString('utf8');
    expect(svg).toBe(
      await qrcode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    );
    expect(factors.get('u1')).toEqual({ secret, confirmedAt: null, lastTimeStep: null });
    // Not confirmed yet: a log-in asks for no code.
    expect(await totp.secondFactorRefusal('u1', undefined)).toBeNull();
  });

  it('confirms with a code of the app: ten recovery codes once, kept only as hashes', async () => {
    const { totp, factors, recovery } = totpModule();
    expect((await totp.confirmTotp('u1', { code: '123456' })).status).toBe(409);
    const { secret } = (await (await totp.enrolTotp('u1')).json()) as { secret: string };
    const wrong = await totp.confirmTotp('u1', { code: totpCode(secret, seconds() - 300) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: WRONG, fields: { code: WRONG } });
    const right = await totp.confirmTotp('u1', { code: totpCode(secret, seconds()) });
    expect(right.status).toBe(200);
    const { recoveryCodes } = (await right.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    // The user's id is hashed with each code; the codes themselves are kept nowhere.
    expect(recovery.get('u1')).toEqual(
      new Set(recoveryCodes.map((code) => sha256(`u1:${code.replace(/-/g, '')}`))),
    );
    expect(factors.get('u1')).toEqual({
      secret,
      confirmedAt: new Date(START),
      lastTimeStep: Math.floor(seconds() / 30),
    });
    // Confirmed: neither a second confirmation nor a new enrolment over it.
    expect((await totp.confirmTotp('u1', { code: totpCode(secret, seconds()) })).status).toBe(409);
    expect((await totp.enrolTotp('u1')).status).toBe(409);
  });

  it('a log-in of a confirmed account needs a code, takes each once, and allows a step of drift', async () => {
    const { totp } = totpModule();
    const { secret } = await enrolled(totp, 'u1');
    expect(await refusal(totp.secondFactorRefusal('u1', undefined))).toEqual({
      status: 401,
      body: { error: NEEDED, fields: { code: NEEDED } },
    });
    expect(await refusal(totp.secondFactorRefusal('u1', '  '))).toMatchObject({ status: 401 });
    // The confirmation took this step's code: the same code does not sign in.
    expect(await refusal(totp.secondFactorRefusal('u1', totpCode(secret, seconds())))).toEqual({
      status: 401,
      body: { error: WRONG, fields: { code: WRONG } },
    });
    now += 30_000;
    // The next step's code, typed with a space as apps show it; then again: refused.
    const code = totpCode(secret, seconds());
    expect(await totp.secondFactorRefusal('u1', `${code.slice(0, 3)} ${code.slice(3)}`)).toBeNull();
    expect(await refusal(totp.secondFactorRefusal('u1', code))).toMatchObject({ status: 401 });
    // A phone 30 seconds fast: the next step's code is taken...
    expect(await totp.secondFactorRefusal('u1', totpCode(secret, seconds() + 30))).toBeNull();
    now += 120_000;
    // ...and two steps away is not.
    expect(
      await refusal(totp.secondFactorRefusal('u1', totpCode(secret, seconds() - 60))),
    ).toMatchObject({
      status: 401,
    });
    expect(await refusal(totp.secondFactorRefusal('u1', '12345'))).toMatchObject({ status: 401 });
    // Another user's factor is theirs alone.
    expect(await totp.secondFactorRefusal('u2', undefined)).toBeNull();
  });

  it('takes each recovery code once, however it is typed', async () => {
    const { totp, recovery } = totpModule();
    const { recoveryCodes } = await enrolled(totp, 'u1');
    const [first, second] = recoveryCodes;
    expect(
      await totp.secondFactorRefusal('u1', ` ${first.toUpperCase().replace(/-/g, ' ')} `),
    ).toBeNull();
    expect(recovery.get('u1')?.size).toBe(9);
    expect(await refusal(totp.secondFactorRefusal('u1', first))).toMatchObject({ status: 401 });
    // Another user's code signs no one in.
    const other = await enrolled(totp, 'u2');
    expect(await refusal(totp.secondFactorRefusal('u1', other.recoveryCodes[0]))).toMatchObject({
      status: 401,
    });
    expect(await totp.secondFactorRefusal('u1', second)).toBeNull();
  });

  it('disables with a code of the app or a recovery code, and then asks none', async () => {
    const { totp, factors, recovery } = totpModule();
    expect((await totp.disableTotp('u1', { code: '123456' })).status).toBe(409);
    const { secret, recoveryCodes } = await enrolled(totp, 'u1');
    const wrong = await totp.disableTotp('u1', { code: '000000' });
    expect(wrong.status).toBe(400);
    now += 30_000;
    expect((await totp.disableTotp('u1', { code: totpCode(secret, seconds()) })).status).toBe(204);
    expect(factors.has('u1')).toBe(false);
    expect(recovery.has('u1')).toBe(false);
    expect(await totp.secondFactorRefusal('u1', undefined)).toBeNull();
    // Set up anew: a new secret, new recovery codes; the old ones are gone.
    const again = await enrolled(totp, 'u1');
    expect(again.secret).not.toBe(secret);
    expect(await refusal(totp.secondFactorRefusal('u1', recoveryCodes[1]))).toMatchObject({
      status: 401,
    });
    expect((await totp.disableTotp('u1', { code: again.recoveryCodes[0] })).status).toBe(204);
  });

  it('counts wrong codes to disable per account: past the limit, 429 even for a right code', async () => {
    const { totp, factors } = totpModule();
    const { recoveryCodes } = await enrolled(totp, 'u1');
    const { recoveryCodes: other } = await enrolled(totp, 'u2');
    for (const code of ['000000', '111111', '222222'])
      expect((await totp.disableTotp('u1', { code })).status).toBe(400);
    const refused = await totp.disableTotp('u1', { code: recoveryCodes[0] });
    expect([refused.status, await refused.text()]).toEqual([
      429,
      'Too many wrong codes; try again later',
    ]);
    expect(factors.has('u1')).toBe(true);
    // Another account's count is its own; its right code succeeds.
    expect((await totp.disableTotp('u2', { code: other[0] })).status).toBe(204);
  });

  it('a confirmation with a code of a replaced enrolment is refused', async () => {
    const { totp } = totpModule();
    const first = (await (await totp.enrolTotp('u1')).json()) as { secret: string };
    const second = (await (await totp.enrolTotp('u1')).json()) as { secret: string };
    expect(second.secret).not.toBe(first.secret);
    expect((await totp.confirmTotp('u1', { code: totpCode(first.secret, seconds()) })).status).toBe(
      400,
    );
    expect(
      (await totp.confirmTotp('u1', { code: totpCode(second.secret, seconds()) })).status,
    ).toBe(200);
  });
});
