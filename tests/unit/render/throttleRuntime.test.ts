import path from 'path';
import { REPO_ROOT } from '../support/paths';
import { renderFiles } from '../support/renderFiles';
import { readTree, type ProjectFiles } from '../support/tempProject';
import { evaluateModule } from '../support/typescriptSource';

// The generated src/appgen/throttle.ts of the starter (it has a log-in route), run as it is: the
// client address it counts failures against comes from requestOrigin.ts, so X-Forwarded-For
// counts only as far as the project trusts proxies (trustProxy), like the other forwarded headers.
const STARTER = Object.fromEntries(
  readTree(path.join(REPO_ROOT, 'examples', 'minimal'), {
    exclude: (file) => !(file === 'config' || file.startsWith('config/')),
  }),
) as ProjectFiles;

type Throttle = {
  signInThrottled(request: Request, identity: string): Response | null;
  signInFailed(request: Request, identity: string): void;
};

/** A fresh throttle (its own counts) of the starter with these settings, allowing 2 per address. */
function throttleOf(trustProxy: number): Throttle {
  const files = renderFiles({
    ...STARTER,
    'appgen.config.json': {
      orm: 'prisma',
      trustProxy,
      accounts: { throttle: { perIdentity: 100, perAddress: 2, windowSeconds: 60 } },
    },
  });
  const content = (file: string) => files.get(`src/appgen/${file}`)?.content ?? '';
  const jsonError = (status: number, message: string) =>
    Response.json({ error: message }, { status });
  return evaluateModule('throttle.ts', content('throttle.ts'), {
    './http': { jsonError },
    './requestOrigin': evaluateModule('requestOrigin.ts', content('requestOrigin.ts')),
  }) as unknown as Throttle;
}

const logIn = (forwardedFor: string) =>
  new Request('http://localhost:3000/api/login', {
    method: 'POST',
    headers: { 'x-forwarded-for': forwardedFor },
  });

/** Fails two log-ins with these X-Forwarded-For values (other identities), then asks about a third. */
function thirdAfterTwo(throttle: Throttle, [first, second, third]: string[]): number | null {
  throttle.signInFailed(logIn(first), 'a@example.com');
  throttle.signInFailed(logIn(second), 'b@example.com');
  return throttle.signInThrottled(logIn(third), 'c@example.com')?.status ?? null;
}

it('behind one trusted proxy, counts the address the proxy saw, whatever the client put before it', () => {
  const throttle = thirdAfterTwo(throttleOf(1), [
    '1.1.1.1, 203.0.113.9',
    '2.2.2.2, 203.0.113.9',
    '3.3.3.3, 203.0.113.9',
  ]);
  expect(throttle).toBe(429);
});

it('behind one trusted proxy, two clients are two addresses', () => {
  expect(thirdAfterTwo(throttleOf(1), ['203.0.113.9', '203.0.113.9', '198.51.100.7'])).toBeNull();
});

it('with two trusted proxies, counts the entry the outer one wrote', () => {
  const throttle = thirdAfterTwo(throttleOf(2), [
    'forged, 203.0.113.9, 10.0.0.2',
    'other, 203.0.113.9, 10.0.0.3',
    'more, 203.0.113.9, 10.0.0.2',
  ]);
  expect(throttle).toBe(429);
});

it('reached directly, counts the last entry, which Next.js fills in when the client sent none', () => {
  expect(thirdAfterTwo(throttleOf(0), ['203.0.113.9', '203.0.113.9', '203.0.113.9'])).toBe(429);
  expect(
    thirdAfterTwo(throttleOf(0), ['x, 203.0.113.9', 'y, 203.0.113.9', '198.51.100.7']),
  ).toBeNull();
});
