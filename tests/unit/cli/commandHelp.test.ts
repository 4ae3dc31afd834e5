import fs from 'fs';
import net from 'net';
import os from 'os';
import path from 'path';
import { spawn } from 'child_process';
import { APPGEN_CLI } from '../support/paths';
import { ensureBuiltCli, runAppgen, STACK_TRACE } from '../support/runCli';

beforeAll(ensureBuiltCli);

describe('appgen without a command', () => {
  it('names every command, subcommands included', () => {
    const result = runAppgen([]);
    expect(result.status).toBe(1);
    const listed = /error: Name a command: (.*)/.exec(result.stderr)?.[1] ?? '';
    const topLevel = [...runAppgen(['--help']).stdout.matchAll(/^ {2}appgen (\w+)/gm)].map(
      (m) => m[1],
    );
    expect(topLevel).toEqual([
      'generate',
      'dev',
      'build',
      'start',
      'db',
      'migrate',
      'events',
      'users',
      'templates',
    ]);
    for (const command of topLevel) expect(listed).toContain(`appgen ${command}`);
    for (const sub of [
      'db push',
      'migrate create <name>',
      'migrate deploy',
      'events failed',
      'events retry <id...>',
      'users role <identity> <role>',
      'users sign-out <identity>',
      'templates list',
      'templates eject',
      'templates accept',
    ])
      expect(listed).toContain(`appgen ${sub}`);
  });
});

describe('appgen generate --help', () => {
  it('does not speak of the Prisma schema alone: a Drizzle project generates its own schema', () => {
    const help = runAppgen(['generate', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).not.toContain('and the Prisma schema');
    expect(help).toContain('database schema (Prisma or Drizzle)');
  });
});

describe('appgen dev on a busy port', () => {
  it('says which port is busy and how to choose another, without a stack trace', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-busy-'));
    try {
      // Async: the busy server lives in this process and must keep accepting while appgen runs.
      const child = spawn(process.execPath, [APPGEN_CLI, 'dev', '--port', String(port)], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1' },
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`error: port ${port} is already in use`);
      expect(stderr).toMatch(
        new RegExp(
          `fix: stop that process, or choose another port: appgen dev --port \\d+ \\(in a project: npm run dev -- --port \\d+`,
        ),
      );
      expect(stderr).not.toMatch(STACK_TRACE);
    } finally {
      busy.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
