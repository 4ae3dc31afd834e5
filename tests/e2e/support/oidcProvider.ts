import { spawn, type ChildProcess } from 'child_process';
import path from 'path';
import type { Page } from 'playwright-core';

/** A running OpenID Connect provider (tests/e2e/support/oidcProviderProcess.mjs): its issuer and client. */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  output(): string;
  close(): Promise<void>;
}

/**
 * Starts oidc-provider on 127.0.0.1:`port` with one client whose redirect URI is `redirectUri`,
 * and these accounts (login -> claims: email, email_verified, name); resolves once it listens.
 */
export function startOidcProvider(
  port: number,
  redirectUri: string,
  accounts: Record<string, { email?: string; email_verified?: boolean; name?: string }>,
): Promise<TestProvider> {
  const script = path.join(__dirname, 'oidcProviderProcess.mjs');
  const child: ChildProcess = spawn(
    process.execPath,
    [script, String(port), redirectUri, JSON.stringify(accounts)],
    { cwd: __dirname, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready\n'))
        resolve({
          issuer: `http://127.0.0.1:${port}`,
          clientId: 'appgen-test',
          clientSecret: 'appgen-test-secret',
          output: () => output,
          close: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill();
            }),
        });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`oidc-provider exited (${code}):\n${output}`)));
  });
}

/**
 * Signs in on `tab` through the provider from the app's login page: its link named `link`, then
 * the provider's development pages (any password, then consent), back to the app at `base`. The
 * provider's pages import a web font this machine cannot reach, so their "load" may come late or
 * never: this waits for their fields, not their navigations.
 */
export async function signInThroughProvider(
  tab: Page,
  base: string,
  link: string,
  login: string,
  issuer?: string,
): Promise<void> {
  await tab.goto(`${base}/login`);
  await tab.getByRole('link', { name: link }).click();
  await tab.locator('input[name="login"]').waitFor();
  // `issuer`, when given: the link led to that provider's pages.
  if (issuer !== undefined) expect(tab.url().startsWith(issuer)).toBe(true);
  await tab.locator('input[name="login"]').fill(login);
  await tab.locator('input[name="password"]').fill('any');
  await tab.getByRole('button', { name: 'Sign-in' }).click();
  await tab.getByRole('button', { name: 'Continue' }).click();
  await tab.waitForURL((url) => url.origin === base);
}
