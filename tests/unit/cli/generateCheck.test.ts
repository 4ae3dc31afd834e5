import fs from 'fs';
import os from 'os';
import path from 'path';
import { REPO_ROOT } from '../support/paths';
import { ensureBuiltCli, runAppgen } from '../support/runCli';

const appgen = (cwd: string, args: string[]) => runAppgen([...args, '--cwd', cwd]);

describe('appgen generate --check and --dry-run', () => {
  let dir: string;

  beforeAll(ensureBuiltCli);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-check-'));
    fs.cpSync(path.join(REPO_ROOT, 'examples', 'minimal', 'config'), path.join(dir, 'config'), {
      recursive: true,
    });
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const snapshot = () => {
    const files: Record<string, string> = {};
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const f = path.join(d, e.name);
        if (e.isDirectory()) walk(f);
        else files[path.relative(dir, f)] = fs.readFileSync(f, 'utf8');
      }
    };
    walk(dir);
    return files;
  };

  it('--check fails before the first generate and writes nothing', () => {
    const before = snapshot();
    const result = appgen(dir, ['generate', '--check']);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('would create src/app/api/users/route.ts');
    expect(result.stdout).toContain('out of date');
    expect(snapshot()).toEqual(before);
  });

  it('--check passes after generate and fails after a config edit', () => {
    expect(appgen(dir, ['generate']).status).toBe(0);
    expect(appgen(dir, ['generate', '--check']).status).toBe(0);
    const view = path.join(dir, 'config', 'views', 'login.json');
    fs.writeFileSync(view, fs.readFileSync(view, 'utf8').replace('"Log in"', '"Sign in"'));
    const result = appgen(dir, ['generate', '--check']);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('would update src/app/login/page.tsx');
  });

  it('--dry-run lists the changes with a diff and writes nothing', () => {
    expect(appgen(dir, ['generate']).status).toBe(0);
    const view = path.join(dir, 'config', 'views', 'login.json');
    fs.writeFileSync(view, fs.readFileSync(view, 'utf8').replace('"Log in"', '"Sign in"'));
    // The routes go, and with them the pages that show them (a page bound to a missing route is a config error).
    for (const file of ['routes/users.json', 'views/users.json', 'views/user.json'])
      fs.rmSync(path.join(dir, 'config', file));
    const before = snapshot();
    const result = appgen(dir, ['generate', '--dry-run']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('-      <h1>{"Log in"}</h1>\n+      <h1>{"Sign in"}</h1>');
    expect(result.stdout).toContain('would delete src/app/api/users/route.ts');
    expect(snapshot()).toEqual(before);
  });

  it('--check names the handlers of removed routes when the manifest was deleted; generate deletes them', () => {
    expect(appgen(dir, ['generate']).status).toBe(0);
    fs.rmSync(path.join(dir, '.appgen', 'manifest.json'));
    for (const file of ['routes/users.json', 'views/users.json', 'views/user.json'])
      fs.rmSync(path.join(dir, 'config', file));
    const check = appgen(dir, ['generate', '--check']);
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('would delete src/app/api/users/[id]/route.ts');
    expect(check.stdout).toContain('would delete src/app/api/users/route.ts');
    expect(appgen(dir, ['generate']).status).toBe(0);
    expect(fs.existsSync(path.join(dir, 'src', 'app', 'api', 'users'))).toBe(false);
    expect(appgen(dir, ['generate', '--check']).status).toBe(0);
  });

  it('answers an unsupported DATABASE_URL (here from .env) with a user error, not a crash', () => {
    fs.writeFileSync(path.join(dir, '.env'), 'DATABASE_URL=mysql://root@127.0.0.1/app\n');
    const result = appgen(dir, ['generate']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL has an unsupported scheme ("mysql:")');
    expect(result.stderr).toContain('fix: set DATABASE_URL to file:');
    expect(result.stderr).not.toMatch(/crashed|\n\s+at /);
  });
});
