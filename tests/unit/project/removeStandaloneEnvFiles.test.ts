import fs from 'fs';
import os from 'os';
import path from 'path';
import { removeStandaloneEnvFiles } from '../../../src/project/removeStandaloneEnvFiles';

// Issue 49, item 2: `next build` copies the project's .env (and .env.production) into
// .next/standalone, where server.js loads them; `appgen build` takes them out again. The
// end-to-end check (a real build, its files searched for the secret) is in production.test.ts.
describe('removeStandaloneEnvFiles', () => {
  let root: string;
  const write = (file: string, text = 'APPGEN_SESSION_SECRET=x\n') => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-standalone-'))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('deletes the dotenv files beside server.js, at any depth (a tracing root above the project)', () => {
    write('.env');
    write('.next/standalone/server.js', '');
    write('.next/standalone/.env');
    write('.next/standalone/.env.production');
    write('.next/standalone/apps/web/server.js', '');
    write('.next/standalone/apps/web/.env.local');
    write('.next/standalone/.env.example', '# documented, no values\n');
    write('.next/standalone/node_modules/pkg/.env', 'a package of its own\n');
    expect(removeStandaloneEnvFiles(root)).toEqual([
      path.join('.next', 'standalone', '.env'),
      path.join('.next', 'standalone', '.env.production'),
      path.join('.next', 'standalone', 'apps', 'web', '.env.local'),
    ]);
    // The project's own .env stays: development goes on with it.
    expect(fs.existsSync(path.join(root, '.env'))).toBe(true);
    expect(fs.existsSync(path.join(root, '.next/standalone/.env.example'))).toBe(true);
    expect(fs.existsSync(path.join(root, '.next/standalone/node_modules/pkg/.env'))).toBe(true);
    expect(fs.existsSync(path.join(root, '.next/standalone/server.js'))).toBe(true);
  });

  it('does nothing without a standalone output (next.config.ts without output "standalone")', () => {
    write('.env');
    expect(removeStandaloneEnvFiles(root)).toEqual([]);
  });
});
