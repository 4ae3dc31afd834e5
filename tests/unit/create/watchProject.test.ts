import fs from 'fs';
import os from 'os';
import path from 'path';
import { watchProject } from '../../../src/dev/watchProject';

/** Resolves when onChange fires, or rejects after a while. */
function changed(setup: (root: string) => void, act: (root: string) => void): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-watch-'));
  setup(root);
  return new Promise<void>((resolve, reject) => {
    const stop = watchProject(root, () => {
      stop();
      clearTimeout(timeout);
      fs.rmSync(root, { recursive: true, force: true });
      resolve();
    }, 20);
    const timeout = setTimeout(() => {
      stop();
      reject(new Error('no change seen'));
    }, 5000);
    setTimeout(() => act(root), 50);
  });
}

describe('watchProject (appgen dev)', () => {
  it('sees a change to a config file', async () => {
    await changed(
      (root) => fs.mkdirSync(path.join(root, 'config', 'models'), { recursive: true }),
      (root) => fs.writeFileSync(path.join(root, 'config', 'models', 'User.json'), '{}'),
    );
  });

  it('keeps watching a templates/ folder created after the start', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-watch-'));
    fs.mkdirSync(path.join(root, 'config'));
    let calls = 0;
    const stop = watchProject(root, () => calls++, 20);
    const settle = () => new Promise((r) => setTimeout(r, 300));
    try {
      fs.mkdirSync(path.join(root, 'templates', 'partials'), { recursive: true });
      await settle();
      const afterCreate = calls;
      expect(afterCreate).toBeGreaterThan(0);
      fs.writeFileSync(path.join(root, 'templates', 'partials', 'x.hbs'), 'x');
      await settle();
      expect(calls).toBeGreaterThan(afterCreate);
    } finally {
      stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('sees the settings file', async () => {
    await changed(
      (root) => fs.mkdirSync(path.join(root, 'config')),
      (root) => fs.writeFileSync(path.join(root, 'appgen.config.json'), '{"orm":"none"}'),
    );
  });
});
