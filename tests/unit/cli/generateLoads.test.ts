import { execFileSync, spawnSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import { minimalProject } from '../support/configs';
import { APPGEN_CLI, GOLDEN_DIR, REPO_ROOT } from '../support/paths';
import { ensureBuiltCli } from '../support/runCli';
import { copyToTemp, makeProject, makeTempDir, removeTempProjects } from '../support/tempProject';

/**
 * What `appgen generate` loads (issue 51's generation time): rendering needs Handlebars' runtime
 * only, with the built-in templates compiled by `npm run build`; its compiler (and source-map) is
 * loaded for a template of the project's own, cron-parser (and luxon) for a project with jobs.
 */

const PRECOMPILED = path.join(REPO_ROOT, 'dist', 'render', 'precompiled');

beforeAll(() => {
  ensureBuiltCli();
  // A bare `npx jest` after tsc alone: the built-in templates compiled as `npm run build` does.
  if (!fs.existsSync(PRECOMPILED))
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-templates.js')]);
});
afterAll(removeTempProjects);

/** The files of node_modules a cold `appgen generate` of `root` loaded, as package/path. */
function loadedBy(root: string): string[] {
  const report = path.join(makeTempDir('appgen-loads-'), 'loaded.json');
  const preload = path.join(path.dirname(report), 'report.js');
  fs.writeFileSync(
    preload,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(Object.keys(require.cache))));\n`,
  );
  const result = spawnSync(
    process.execPath,
    ['--require', preload, APPGEN_CLI, 'generate', '--cwd', root],
    { encoding: 'utf8', timeout: 60_000 },
  );
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return (JSON.parse(fs.readFileSync(report, 'utf8')) as string[])
    .filter((file) => file.includes(`${path.sep}node_modules${path.sep}`))
    .map((file) =>
      file.split(`${path.sep}node_modules${path.sep}`).pop()!.split(path.sep).join('/'),
    );
}

const compiler = (files: string[]) =>
  files.filter((file) => /^handlebars\/dist\/cjs\/handlebars\/compiler\/|^source-map\//.test(file));
const cron = (files: string[]) => files.filter((file) => /^(cron-parser|luxon)\//.test(file));

describe('what appgen generate loads', () => {
  it('renders on the runtime alone: no Handlebars compiler, no cron-parser', () => {
    const loaded = loadedBy(makeProject(minimalProject()));
    expect(loaded.some((file) => file.startsWith('handlebars/dist/cjs/handlebars.runtime'))).toBe(
      true,
    );
    expect(compiler(loaded)).toEqual([]);
    expect(cron(loaded)).toEqual([]);
  });

  it('loads the compiler for a template of the project, and cron-parser for jobs', () => {
    const root = copyToTemp(path.join(GOLDEN_DIR, 'jobs'));
    fs.rmSync(path.join(root, 'expected'), { recursive: true, force: true });
    fs.mkdirSync(path.join(root, 'templates', 'partials', 'handler'), { recursive: true });
    fs.writeFileSync(path.join(root, 'templates', 'partials', 'handler', 'mine.hbs'), 'mine\n');
    const loaded = loadedBy(root);
    expect(compiler(loaded)).not.toEqual([]);
    expect(cron(loaded)).not.toEqual([]);
  });
});
