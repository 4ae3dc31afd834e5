import fs from 'fs';
import path from 'path';
import { request } from './support/http';
import { APPGEN } from './support/paths';
import { freePort, RunningServer, startServer } from './support/server';
import { createTestProject, TestProject } from './support/testProject';

jest.setTimeout(300_000);

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('appgen dev', () => {
  let project: TestProject;
  let dev: RunningServer;
  let port: number;

  beforeAll(async () => {
    project = await createTestProject('dev');
    port = await freePort();
    dev = await startServer(process.execPath, [APPGEN, 'dev', '--port', String(port)], { cwd: project.dir, env: project.env, port, readyPath: '/api/users', timeoutMs: 180_000 });
  });

  afterAll(async () => {
    await dev?.stop();
  });

  it('serves the API on its port', async () => {
    const response = await request(dev.url, 'GET', '/api/users');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('picks up a new route and a new model field without a restart', async () => {
    const modelFile = path.join(project.dir, 'config', 'models', 'User.json');
    const model = JSON.parse(fs.readFileSync(modelFile, 'utf8'));
    model.fields.nickname = { type: 'string', optional: true };
    fs.writeFileSync(modelFile, JSON.stringify(model, null, 2));
    fs.writeFileSync(
      path.join(project.dir, 'config', 'routes', 'people.json'),
      JSON.stringify({ routes: [{ method: 'GET', path: '/api/people', response: 'User[]' }, { method: 'POST', path: '/api/people', body: { name: 'string', email: 'string', nickname: 'string' }, response: 'User' }] }),
    );
    const created = await waitFor(async () => {
      const response = await request(dev.url, 'POST', '/api/people', { name: 'Ada', email: 'ada@example.com', nickname: 'countess' });
      return response.status === 201 ? response.body : undefined;
    }, 'the new route with the new field');
    expect(created).toMatchObject({ name: 'Ada', nickname: 'countess' });
  });

  it('renders the starter pages, and a new view bound to a new route, with the records the API holds', async () => {
    expect((await request(dev.url, 'POST', '/api/users', { name: 'Grace', email: 'grace@example.com' })).status).toBe(201);
    const pageShowing = (pagePath: string, text: string) =>
      waitFor(async () => {
        const response = await fetch(`${dev.url}${pagePath}`);
        const html = await response.text();
        return response.status === 200 && html.includes(text) ? html : undefined;
      }, `${pagePath} showing ${text}`);
    const users = await pageShowing('/users', 'Grace');
    expect(users).toContain('grace@example.com');
    fs.writeFileSync(
      path.join(project.dir, 'config', 'views', 'people.json'),
      JSON.stringify({ name: 'PeoplePage', path: '/people', root: { type: 'list', route: 'GET /api/people', columns: ['name', 'nickname'] } }),
    );
    const people = await pageShowing('/people', 'countess');
    expect(people).toContain('<table');
  });

  it('prints a config error and keeps serving', async () => {
    const broken = path.join(project.dir, 'config', 'routes', 'broken.json');
    fs.writeFileSync(broken, '{ "routes": [ { "method": "GET", "path": "/api/x", "response": "Usr" } ] }');
    await waitFor(async () => (dev.output().includes('unknown model "Usr"') ? true : undefined), 'the config error in the output');
    expect(dev.output()).toContain('config/routes/broken.json');
    expect((await request(dev.url, 'GET', '/api/users')).status).toBe(200);
    fs.rmSync(broken);
  });

  it('stops everything it started on Ctrl-C (SIGINT)', async () => {
    const exited = new Promise<number | null>((resolve) => dev.child.once('exit', (code) => resolve(code)));
    process.kill(dev.child.pid as number, 'SIGINT');
    expect(await exited).toBe(0);
    await waitFor(async () => {
      try {
        await fetch(`${dev.url}/api/users`);
        return undefined;
      } catch {
        return true;
      }
    }, 'the port to close', 20_000);
  });
});
