import fs from 'fs';
import path from 'path';
import { minimalProject } from '../support/configs';
import { ensureBuiltCli, runAppgen, STACK_TRACE } from '../support/runCli';
import { makeProject, removeTempProjects, snapshotTree } from '../support/tempProject';

beforeAll(ensureBuiltCli);
afterAll(removeTempProjects);

// Issue 36, item 3: a folder where appgen reads a file, or a file where it reads a folder, is the
// user's mistake: exit 1 with the path, what belongs there and what to do (it was a crash, exit 2).
const file = (root: string, name: string) => {
  fs.rmSync(path.join(root, name), { recursive: true, force: true });
  fs.writeFileSync(path.join(root, name), '{}\n');
};
const folder = (root: string, name: string) => {
  fs.rmSync(path.join(root, name), { recursive: true, force: true });
  fs.mkdirSync(path.join(root, name), { recursive: true });
};

const CASES: Array<[string, (root: string) => void, string, string]> = [
  [
    'appgen.config.json',
    (root) => folder(root, 'appgen.config.json'),
    "appgen.config.json is a folder, and appgen needs a file there: the project's settings (JSON)",
    'move it away (or rename it), then create the file appgen.config.json, or leave it out.',
  ],
  [
    'config',
    (root) => file(root, 'config'),
    'config is a file, and appgen needs a folder there: config/models/, config/routes/, config/views/',
    'move it away (or rename it), then create the folder config/.',
  ],
  [
    'config/models',
    (root) => file(root, 'config/models'),
    'config/models is a file, and appgen needs a folder there: one .json file per model',
    'move it away (or rename it), then create the folder config/models/.',
  ],
  [
    'config/routes',
    (root) => file(root, 'config/routes'),
    'config/routes is a file, and appgen needs a folder there: .json files of routes',
    'move it away (or rename it), then create the folder config/routes/.',
  ],
  [
    'config/views',
    (root) => file(root, 'config/views'),
    'config/views is a file, and appgen needs a folder there: one .json file per page',
    'move it away (or rename it), then create the folder config/views/.',
  ],
  [
    'config/events',
    (root) => file(root, 'config/events'),
    'config/events is a file, and appgen needs a folder there: .json files of events',
    'move it away (or rename it), then create the folder config/events/.',
  ],
  [
    'config/models/User.json',
    (root) => folder(root, 'config/models/User.json'),
    'config/models/User.json is a folder; appgen reads the .json files of config/models/, not folders',
    'move the folder out of config/models/, or replace it with the JSON file it was meant to be.',
  ],
  [
    'templates',
    (root) => file(root, 'templates'),
    "templates is a file, and appgen needs a folder there: the project's own templates",
    'move it away (or rename it), then create the folder templates/.',
  ],
  [
    '.env',
    (root) => folder(root, '.env'),
    '.env is a folder, and appgen needs a file there: the environment (KEY=value lines)',
    'move it away (or rename it), then create the file .env, or leave it out.',
  ],
  [
    '.appgen',
    (root) => file(root, '.appgen'),
    ".appgen is a file, and appgen needs a folder there: appgen's manifest and cache",
    'move it away (or rename it): appgen creates the folder .appgen/ itself.',
  ],
];

describe('appgen generate with a file where a folder belongs, or the reverse', () => {
  it.each(CASES)(
    '%s: exit 1, the path, what belongs there and the fix',
    (name, make, message, fix) => {
      const root = makeProject(minimalProject({}));
      make(root);
      const before = snapshotTree(root);
      const result = runAppgen(['generate', '--cwd', root]);
      expect(result.stderr).not.toMatch(STACK_TRACE);
      expect(result.status).toBe(1);
      expect(result.stderr.split('\n')).toEqual([
        `error ${name}`,
        `  ${message}`,
        `  fix: ${fix}`,
        '',
        '1 problem found; nothing was written.',
        '',
      ]);
      expect(snapshotTree(root)).toEqual(before);
    },
  );
});
