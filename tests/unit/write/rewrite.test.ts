import fs from 'fs';
import path from 'path';
import { MANIFEST_PATH } from '../../../src/write/manifest';
import { minimalProject } from '../support/configs';
import { generate } from '../support/generate';
import { makeProject, readTree, removeTempProjects, snapshotTree } from '../support/tempProject';

afterAll(removeTempProjects);

const PAST = new Date('2001-02-03T04:05:06Z');

/** Sets every file's modification time to PAST, so any later write shows. */
function ageFiles(root: string): void {
  for (const entry of snapshotTree(root))
    if (entry.content !== null) fs.utimesSync(path.join(root, entry.path), PAST, PAST);
}

describe('writing only what changed', () => {
  it('writes every file and a manifest on the first run', () => {
    const root = makeProject(minimalProject());
    const { files, plan } = generate(root);
    expect(plan.create.map((f) => f.path).sort()).toEqual([...files.keys()].sort());
    const tree = readTree(root);
    for (const [file, planned] of files) expect(tree.get(file)).toBe(planned.content);
    const generated = [...files]
      .filter(([, file]) => file.owner === 'generated')
      .map(([name]) => name);
    expect(Object.keys(JSON.parse(tree.get(MANIFEST_PATH) as string).generated).sort()).toEqual(
      generated.sort(),
    );
  });

  it('writes nothing on a second run with the same config, keeping modification times', () => {
    const root = makeProject(minimalProject());
    generate(root);
    ageFiles(root);
    const before = snapshotTree(root);
    const { plan } = generate(root);
    expect([plan.create, plan.update, plan.delete]).toEqual([[], [], []]);
    expect(plan.unchanged.length).toBeGreaterThan(10);
    expect(snapshotTree(root)).toEqual(before);
  });

  it('rewrites only the files whose content changed', () => {
    const root = makeProject(minimalProject());
    generate(root);
    ageFiles(root);
    fs.writeFileSync(
      path.join(root, 'config/views/login.json'),
      JSON.stringify({
        name: 'LoginPage',
        path: '/login',
        title: 'Sign in',
        root: { type: 'button', label: 'Go' },
      }),
    );
    const { plan } = generate(root);
    // The navigation and the home page link the view by its title.
    expect(plan.update.map((f) => f.path).sort()).toEqual([
      'src/app/layout.tsx',
      'src/app/login/page.tsx',
      'src/appgen/home.tsx',
    ]);
    const changed = snapshotTree(root)
      .filter((e) => e.content !== null && e.mtimeMs !== PAST.getTime())
      .map((e) => e.path);
    // besides the config file edited here and the manifest, which records the new content
    expect(changed.sort()).toEqual([
      '.appgen/manifest.json',
      'config/views/login.json',
      'src/app/layout.tsx',
      'src/app/login/page.tsx',
      'src/appgen/home.tsx',
    ]);
  });

  it('rewrites a generated file that was edited but still has its header', () => {
    const root = makeProject(minimalProject());
    const { files } = generate(root);
    const file = path.join(root, 'src/app/login/page.tsx');
    fs.appendFileSync(file, '// my edit\n');
    expect(generate(root).plan.update.map((f) => f.path)).toEqual(['src/app/login/page.tsx']);
    expect(fs.readFileSync(file, 'utf8')).toBe(files.get('src/app/login/page.tsx')?.content);
  });

  it('lists what would change on a dry run and writes nothing', () => {
    const root = makeProject(minimalProject());
    const before = snapshotTree(root);
    const { plan } = generate(root, { dryRun: true });
    expect(plan.create.length).toBeGreaterThan(10);
    expect(snapshotTree(root)).toEqual(before);
  });
});
