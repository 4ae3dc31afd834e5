import fs from 'fs';
import path from 'path';
import { ConfigError, UserError } from '../../../src/diagnostics/diagnostic';
import { TemplateError } from '../../../src/render/templateSet';
import { applyPlan } from '../../../src/write/applyPlan';
import { MANIFEST_PATH } from '../../../src/write/manifest';
import { planWrite } from '../../../src/write/planWrite';
import { resolveInside } from '../../../src/write/safePath';
import { minimalProject } from '../support/configs';
import { generate, thrownBy } from '../support/generate';
import {
  makeProject,
  makeTempDir,
  removeTempProjects,
  snapshotTree,
  writeFiles,
} from '../support/tempProject';

afterAll(removeTempProjects);

describe('writes stay inside the project', () => {
  it.each([
    '../outside.ts',
    'src/../../outside.ts',
    '/etc/passwd',
    'src//x.ts',
    '',
    'src\\..\\..\\x.ts',
  ])('resolveInside refuses %p', (relative) => {
    expect(() => resolveInside('/project', relative)).toThrow(
      'refusing to write outside the project',
    );
  });

  it('resolveInside accepts a nested relative path', () => {
    expect(resolveInside('/project', 'src/app/[id]/route.ts')).toBe(
      path.resolve('/project', 'src/app/[id]/route.ts'),
    );
  });

  it('planWrite refuses a FileMap entry outside the root', () => {
    const root = makeTempDir();
    expect(() =>
      planWrite(root, new Map([['../escape.ts', { content: 'x', owner: 'generated' as const }]])),
    ).toThrow('refusing to write outside the project');
  });

  it('applyPlan writes nothing when one path of the plan is outside the root', () => {
    const parent = makeTempDir();
    const root = path.join(parent, 'project');
    fs.mkdirSync(root);
    const plan = {
      ...planWrite(root, new Map()),
      create: [
        { path: 'ok.ts', content: 'ok' },
        { path: '../evil.ts', content: 'evil' },
      ],
    };
    expect(() => applyPlan(root, plan)).toThrow('refusing to write outside the project');
    expect(snapshotTree(parent).map((e) => e.path)).toEqual(['project']);
  });
});

describe('a failed run leaves the project exactly as it was', () => {
  function generatedProject(): { root: string; before: ReturnType<typeof snapshotTree> } {
    const root = makeProject(minimalProject());
    generate(root);
    return { root, before: snapshotTree(root) };
  }

  it('on a config error', () => {
    const { root } = generatedProject();
    writeFiles(root, {
      'config/views/login.json': { name: 'LoginPage', path: '/login', root: { type: 'textarea' } },
    });
    const before = snapshotTree(root);
    expect(thrownBy(() => generate(root))).toBeInstanceOf(ConfigError);
    expect(snapshotTree(root)).toEqual(before);
  });

  it('on a template error', () => {
    const { root } = generatedProject();
    writeFiles(root, {
      'templates/src/app/[view]/page.tsx.hbs': 'export default {{missing}};\n',
      'config/views/login.json': {
        name: 'LoginPage',
        path: '/login',
        root: { type: 'button', label: 'Go' },
      },
    });
    const before = snapshotTree(root);
    const error = thrownBy(() => generate(root)) as TemplateError;
    expect(error).toBeInstanceOf(TemplateError);
    expect(error.message).toContain('templates/src/app/[view]/page.tsx.hbs');
    expect(snapshotTree(root)).toEqual(before);
  });

  it('on a first run with invalid JSON', () => {
    const root = makeProject(minimalProject({ 'config/models/User.json': '{ "name": "User", ' }));
    const before = snapshotTree(root);
    expect(thrownBy(() => generate(root))).toBeInstanceOf(ConfigError);
    expect(snapshotTree(root)).toEqual(before);
  });

  it('on a damaged manifest, with a fix', () => {
    const { root } = generatedProject();
    fs.writeFileSync(path.join(root, MANIFEST_PATH), '{ not json');
    const before = snapshotTree(root);
    const error = thrownBy(() => generate(root)) as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toContain('.appgen/manifest.json is damaged');
    expect(error.hint).toContain('delete it and run appgen generate again');
    expect(snapshotTree(root)).toEqual(before);
  });

  it('leaves no temporary files behind after a successful run', () => {
    const { before } = generatedProject();
    expect(before.filter((e) => e.path.includes('appgen-tmp'))).toEqual([]);
  });
});
