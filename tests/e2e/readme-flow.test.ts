import fs from 'fs';
import os from 'os';
import path from 'path';
import { request } from './support/http';
import { offerSharedPrebuilds } from './support/localPrebuilds';
import { CREATE_APPGEN, REPO_ROOT } from './support/paths';
import { runOk } from './support/run';
import { startMailCatcher, type MailCatcher } from './support/mailCatcher';
import { freePort, RunningServer, startServer } from './support/server';
import { testEnv } from './support/testProject';

jest.setTimeout(900_000);

// The path a new user takes, with nothing shared: create-appgen with its own npm install, then
// the project's own npm scripts (`npm run build`, `npm start -- -p PORT`). npm may take packages
// from its cache (filled by the shared install) without asking the registry about each again, as
// on a machine that has installed them before: the install is still npm's own, into the project.
// better-sqlite3's binary is a prebuilt one, as a new user downloads it (here: the shared install's
// build, support/localPrebuilds.ts), not SQLite compiled again.
describe('create-appgen, npm install, npm run build, npm start', () => {
  let work: string;
  let server: RunningServer | undefined;
  let mails: MailCatcher | undefined;

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-readme-'));
    offerSharedPrebuilds(work);
  });

  afterAll(async () => {
    await server?.stop();
    await mails?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('serves the starter API, login page and users page', async () => {
    const env = testEnv({ npm_config_prefer_offline: 'true' });
    // No --appgen, as the README's first command: before appgen's first release the registry
    // answers 404 and the project gets this appgen packed into it; after, the released version.
    const created = await runOk(process.execPath, [CREATE_APPGEN, 'my-app'], {
      cwd: work,
      env,
      timeoutMs: 600_000,
    });
    expect(created.stdout).toContain('npm run dev');
    expect(created.stdout).toMatch(/^✔ Installed packages \(.+\)$/m);
    expect(created.stdout).toMatch(/^✔ Made a git repository with a first commit/m);
    const app = path.join(work, 'my-app');
    const version = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
    ).version;
    expect([version, `file:.appgen/appgen-${version}.tgz`]).toContain(
      JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8')).devDependencies.appgen,
    );
    await runOk('npm', ['run', 'build'], { cwd: app, env, timeoutMs: 300_000 });
    const port = await freePort();
    // The starter mails password-reset and verification links: a production server needs an SMTP
    // server and its public address (docs/deploy.md).
    mails = await startMailCatcher();
    server = await startServer('npm', ['start', '--', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: app,
      env: { ...env, APPGEN_SMTP_URL: mails.url, APPGEN_PUBLIC_URL: `http://127.0.0.1:${port}` },
      port,
      readyPath: '/api/users',
    });
    const list = await request(server.url, 'GET', '/api/users');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    const page = await fetch(`${server.url}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form');
    const users = await fetch(`${server.url}/users`);
    expect(users.status).toBe(200);
    expect(await users.text()).toContain('No users yet: add the first one below.');
  });
});
