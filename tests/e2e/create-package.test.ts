import fs from 'fs';
import os from 'os';
import path from 'path';
import { REPO_ROOT } from './support/paths';
import { runOk } from './support/run';

jest.setTimeout(300_000);

const pack = async (
  folder: string,
  destination: string,
): Promise<{ file: string; files: string[] }> => {
  // dist/ is built by `npm test` before the suites run, so the pack needs no prepare script.
  const { stdout } = await runOk(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
    { cwd: folder },
  );
  const [info] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  return {
    file: path.join(destination, info.filename),
    files: info.files.map((f) => f.path).sort(),
  };
};

// `npm create appgen@alpha my-app` installs the package create-appgen and runs its bin. Here both
// packages are packed as npm would publish them, installed together (the wrapper's pinned appgen
// is the packed one, not a registry download), and the bin creates a project.
describe('the create-appgen package (npm create appgen@alpha)', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-create-package-'));
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('installs beside the appgen it pins and creates a project with its bin', async () => {
    const appgen = await pack(REPO_ROOT, dir);
    const wrapper = await pack(path.join(REPO_ROOT, 'packages', 'create-appgen'), dir);
    expect(wrapper.files).toEqual(['README.md', 'index.js', 'package.json']);
    expect(appgen.files).toEqual(
      expect.arrayContaining([
        'dist/cli/create-appgen.js',
        'templates/src/app/[route]/route.ts.hbs',
        'schemas/model.schema.json',
      ]),
    );

    const installed = path.join(dir, 'installed');
    fs.mkdirSync(installed);
    fs.writeFileSync(
      path.join(installed, 'package.json'),
      JSON.stringify({ name: 'npm-create-cache', private: true }),
    );
    await runOk(
      'npm',
      ['install', '--no-audit', '--no-fund', '--loglevel=error', appgen.file, wrapper.file],
      { cwd: installed },
    );
    expect(
      JSON.parse(
        fs.readFileSync(path.join(installed, 'node_modules', 'appgen', 'package.json'), 'utf8'),
      ).version,
    ).toBe(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version);
    expect(
      fs.existsSync(
        path.join(installed, 'node_modules', 'create-appgen', 'node_modules', 'appgen'),
      ),
    ).toBe(false);

    // Before the first release the registry has no appgen of this version (here: no registry in
    // reach at all): the project gets the installed appgen, packed into it.
    const env = { ...process.env, npm_config_registry: 'http://127.0.0.1:9/' };
    const created = await runOk(
      path.join(installed, 'node_modules', '.bin', 'create-appgen'),
      ['my-app', '--no-install', '--no-git'],
      { cwd: dir, env },
    );
    const project = path.join(dir, 'my-app');
    expect(created.stdout).toContain('my-app');
    const version = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
    ).version;
    expect(
      JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8')).devDependencies
        .appgen,
    ).toBe(`file:.appgen/appgen-${version}.tgz`);
    const vendored = await runOk('tar', [
      '-tzf',
      path.join(project, '.appgen', `appgen-${version}.tgz`),
    ]);
    expect(vendored.stdout).toContain('package/dist/cli/create-appgen.js');
    for (const file of [
      'appgen.config.json',
      'config/models/User.json',
      'src/app/api/users/route.ts',
      'prisma/schema.prisma',
    ])
      expect(fs.existsSync(path.join(project, file))).toBe(true);
  });
});
