import fs from 'fs';
import os from 'os';
import path from 'path';
import { watchProject } from '../../../src/dev/watchProject';

jest.setTimeout(30_000);

const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

/** A project folder watched from the start of each test, counting the (debounced) calls. */
async function watched(
  setup: (root: string) => void,
): Promise<{ root: string; calls: () => number; stop: () => Promise<void> }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-watch-'));
  setup(root);
  let calls = 0;
  let stopWatching: () => Promise<void> = async () => {};
  await new Promise<void>((ready) => {
    stopWatching = watchProject(root, () => calls++, { debounceMs: 20, onReady: ready });
  });
  return {
    root,
    calls: () => calls,
    stop: async () => {
      await stopWatching();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Waits until one more call than `before` was seen (or fails after a few seconds). */
async function seen(calls: () => number, before: number, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (calls() <= before) {
    if (Date.now() > deadline) throw new Error(`not seen: ${what}`);
    await settle(25);
  }
  await settle(100); // let the debounced burst of one save finish
}

const withModels = (root: string) => {
  fs.mkdirSync(path.join(root, 'config', 'models'), { recursive: true });
  fs.writeFileSync(path.join(root, 'config', 'models', 'User.json'), '{}');
};

describe('watchProject (appgen dev)', () => {
  it('sees in-place writes of a config file, each time', async () => {
    const project = await watched(withModels);
    try {
      const file = path.join(project.root, 'config', 'models', 'User.json');
      for (let i = 0; i < 3; i++) {
        const before = project.calls();
        fs.writeFileSync(file, `{"n": ${i}}`);
        await seen(project.calls, before, `in-place write ${i}`);
      }
    } finally {
      await project.stop();
    }
  });

  // Editors' safe write, `sed -i` and `mv` replace the file by a rename: fs.watch kept watching
  // the replaced inode and saw only the first such save.
  it('keeps seeing a file saved again and again by rename (safe write, sed -i, mv)', async () => {
    const project = await watched(withModels);
    try {
      const file = path.join(project.root, 'config', 'models', 'User.json');
      for (let i = 0; i < 4; i++) {
        const before = project.calls();
        // The temporary file outside the watched folders: only the rename itself can be seen.
        const temp = path.join(project.root, `User.json.tmp${i}`);
        fs.writeFileSync(temp, `{"rename": ${i}}`);
        fs.renameSync(temp, file);
        await seen(project.calls, before, `rename-over save ${i}`);
      }
      // …and an in-place write after those renames still counts.
      const before = project.calls();
      fs.writeFileSync(file, '{"last": true}');
      await seen(project.calls, before, 'in-place write after renames');
    } finally {
      await project.stop();
    }
  });

  it('sees a file renamed from outside into config/, and a deleted file', async () => {
    const project = await watched(withModels);
    try {
      const outside = path.join(project.root, 'Post.json');
      fs.writeFileSync(outside, '{}');
      let before = project.calls();
      fs.renameSync(outside, path.join(project.root, 'config', 'models', 'Post.json'));
      await seen(project.calls, before, 'mv into config/models');
      before = project.calls();
      fs.rmSync(path.join(project.root, 'config', 'models', 'User.json'));
      await seen(project.calls, before, 'a deleted model file');
    } finally {
      await project.stop();
    }
  });

  it('sees new folders under config/ and the files written in them later', async () => {
    const project = await watched((root) => fs.mkdirSync(path.join(root, 'config')));
    try {
      let before = project.calls();
      fs.mkdirSync(path.join(project.root, 'config', 'views', 'admin'), { recursive: true });
      await seen(project.calls, before, 'new folders');
      before = project.calls();
      fs.writeFileSync(path.join(project.root, 'config', 'views', 'admin', 'users.json'), '{}');
      await seen(project.calls, before, 'a file in a new folder');
      before = project.calls();
      fs.writeFileSync(
        path.join(project.root, 'config', 'views', 'admin', 'users.json'),
        '{"again": 1}',
      );
      await seen(project.calls, before, 'a second write of that file');
    } finally {
      await project.stop();
    }
  });

  it('keeps watching a templates/ folder created after the start', async () => {
    const project = await watched((root) => fs.mkdirSync(path.join(root, 'config')));
    try {
      let before = project.calls();
      fs.mkdirSync(path.join(project.root, 'templates', 'partials'), { recursive: true });
      await seen(project.calls, before, 'templates/ created');
      before = project.calls();
      fs.writeFileSync(path.join(project.root, 'templates', 'partials', 'x.hbs'), 'x');
      await seen(project.calls, before, 'a template written');
    } finally {
      await project.stop();
    }
  });

  it('sees the settings file and .env, also when replaced by rename', async () => {
    const project = await watched((root) => {
      fs.mkdirSync(path.join(root, 'config'));
      fs.writeFileSync(path.join(root, '.env'), 'A=1\n');
    });
    try {
      let before = project.calls();
      fs.writeFileSync(path.join(project.root, 'appgen.config.json'), '{"orm":"none"}');
      await seen(project.calls, before, 'appgen.config.json created');
      for (let i = 0; i < 2; i++) {
        before = project.calls();
        fs.writeFileSync(path.join(project.root, '.env.tmp'), `A=${i}\n`);
        fs.renameSync(path.join(project.root, '.env.tmp'), path.join(project.root, '.env'));
        await seen(project.calls, before, `.env replaced by rename ${i}`);
      }
    } finally {
      await project.stop();
    }
  });

  it('ignores everything else in the project (generated files, .next, node_modules)', async () => {
    const project = await watched((root) => {
      fs.mkdirSync(path.join(root, 'config'));
      fs.mkdirSync(path.join(root, 'src', 'app'), { recursive: true });
      fs.mkdirSync(path.join(root, 'node_modules'));
    });
    try {
      fs.writeFileSync(path.join(project.root, 'src', 'app', 'page.tsx'), 'x');
      fs.mkdirSync(path.join(project.root, '.next', 'dev'), { recursive: true });
      fs.writeFileSync(path.join(project.root, 'node_modules', 'x.js'), 'x');
      fs.writeFileSync(path.join(project.root, 'README.md'), 'x');
      await settle();
      expect(project.calls()).toBe(0);
    } finally {
      await project.stop();
    }
  });
});
