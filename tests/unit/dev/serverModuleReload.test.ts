import fs from 'fs';
import os from 'os';
import path from 'path';
import { restartReason } from '../../../src/dev/runDevServer';
import { reloadServerModules, serverReloadFile } from '../../../src/dev/serverModuleReload';

// After a model change appgen dev makes next dev reload its server modules by touching an
// environment file, and restarts next dev only where that cannot be correct (issue 41).
describe('reloading the server modules of next dev', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-reload-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('touches the first environment file next dev watches, leaving its content alone', () => {
    expect(serverReloadFile(root)).toBeUndefined();
    fs.writeFileSync(path.join(root, '.env'), 'A=1\n');
    expect(serverReloadFile(root)).toBe(path.join(root, '.env'));
    fs.writeFileSync(path.join(root, '.env.local'), 'B=2\n');
    expect(serverReloadFile(root)).toBe(path.join(root, '.env.local'));
    const file = path.join(root, '.env');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(file, old, old);
    const mtime = reloadServerModules(file);
    expect(mtime).toBeGreaterThan(old.getTime());
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    expect(fs.readFileSync(file, 'utf8')).toBe('A=1\n');
  });

  it('restarts next dev after a change of ORM or without an environment file, and says why', () => {
    expect(restartReason({ ormChanged: false }, '/p/.env', {})).toBeUndefined();
    expect(restartReason({ ormChanged: true }, '/p/.env', {})).toBe('the ORM changed');
    expect(restartReason({ ormChanged: false }, undefined, {})).toMatch(/no \.env file/);
    expect(restartReason({ ormChanged: false }, '/p/.env', { APPGEN_DEV_RESTART: '1' })).toBe(
      'APPGEN_DEV_RESTART=1',
    );
  });
});
