import fs from 'fs';
import path from 'path';
import { UserError } from '../../../src/diagnostics/diagnostic';
import { minimalProject } from '../support/configs';
import { planWrite } from '../../../src/write/planWrite';
import { generate, thrownBy } from '../support/generate';
import { makeProject, removeTempProjects, snapshotTree, writeFiles } from '../support/tempProject';

afterAll(removeTempProjects);

const FUNCTION_ROUTE = {
  'config/routes/report.json': {
    routes: [
      { method: 'GET', path: '/api/report', function: 'buildReport', voter: 'canRead', auth: true },
    ],
  },
};
const read = (root: string, relative: string) => fs.readFileSync(path.join(root, relative), 'utf8');

describe('files appgen did not generate', () => {
  it('a hand-written file in the way stops the run, naming it, with nothing written', () => {
    const root = makeProject(
      minimalProject({
        'src/app/login/page.tsx': 'export default function Mine() { return null; }\n',
      }),
    );
    const before = snapshotTree(root);
    const error = thrownBy(() => generate(root)) as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toBe(
      'appgen would overwrite a file it did not generate:\n  src/app/login/page.tsx',
    );
    expect(error.hint).toContain('Nothing was written.');
    expect(snapshotTree(root)).toEqual(before);
  });

  it('names every file in the way at once', () => {
    const root = makeProject(
      minimalProject({ 'src/app/login/page.tsx': 'mine', 'prisma/schema.prisma': 'mine' }),
    );
    expect((thrownBy(() => generate(root)) as UserError).message).toBe(
      'appgen would overwrite files it did not generate:\n  prisma/schema.prisma\n  src/app/login/page.tsx',
    );
  });

  it('a generated file whose header was removed is not overwritten', () => {
    const root = makeProject(minimalProject());
    generate(root);
    const file = 'src/app/login/page.tsx';
    const mine = `${read(root, file).split('\n').slice(1).join('\n')}// mine now\n`;
    fs.writeFileSync(path.join(root, file), mine);
    writeFiles(root, {
      'config/views/login.json': {
        name: 'LoginPage',
        path: '/login',
        title: 'Changed',
        root: { type: 'button', label: 'Go' },
      },
    });
    const before = snapshotTree(root);
    expect((thrownBy(() => generate(root)) as UserError).message).toContain(`\n  ${file}`);
    expect(snapshotTree(root)).toEqual(before);
  });

  it('hand-written files elsewhere under src/ are left alone', () => {
    const root = makeProject(
      minimalProject({
        'src/lib/util.ts': 'export const x = 1;\n',
        'src/app/about/page.tsx': 'mine',
      }),
    );
    generate(root);
    expect(read(root, 'src/lib/util.ts')).toBe('export const x = 1;\n');
    expect(read(root, 'src/app/about/page.tsx')).toBe('mine');
  });
});

describe('user-owned scaffolds', () => {
  it('are written once, without the generated header', () => {
    const root = makeProject(minimalProject(FUNCTION_ROUTE));
    const { plan } = generate(root);
    const created = plan.create.map((f) => f.path);
    expect(created).toEqual(
      expect.arrayContaining([
        'src/functions/buildReport.ts',
        'src/voters/canRead.ts',
        'src/auth/getAuthUser.ts',
      ]),
    );
    expect(read(root, 'src/functions/buildReport.ts')).toMatch(/^\/\/ Scaffolded once by appgen/);
    expect(read(root, 'src/functions/buildReport.ts')).toContain(
      'export async function buildReport(',
    );
    expect(JSON.parse(read(root, '.appgen/manifest.json')).scaffolded).toEqual([
      '.dockerignore',
      'Dockerfile',
      'src/auth/getAuthUser.ts',
      'src/functions/buildReport.ts',
      'src/instrumentation.ts',
      'src/proxy.ts',
      'src/voters/canRead.ts',
    ]);
  });

  it('are never overwritten, even when the config changes', () => {
    const root = makeProject(minimalProject(FUNCTION_ROUTE));
    generate(root);
    const mine = 'export async function buildReport() { return { ok: 1 }; }\n';
    fs.writeFileSync(path.join(root, 'src/functions/buildReport.ts'), mine);
    writeFiles(root, {
      'config/routes/report.json': {
        routes: [
          {
            method: 'POST',
            path: '/api/report',
            function: 'buildReport',
            body: { title: 'string' },
          },
        ],
      },
    });
    const { plan } = generate(root);
    expect(plan.kept).toContain('src/functions/buildReport.ts');
    expect(read(root, 'src/functions/buildReport.ts')).toBe(mine);
  });

  it('are not deleted when no route uses them any more', () => {
    const root = makeProject(minimalProject(FUNCTION_ROUTE));
    generate(root);
    writeFiles(root, { 'config/routes/report.json': { routes: [] } });
    const { plan } = generate(root);
    expect(plan.delete).toEqual(['src/app/api/report/route.ts']);
    expect(fs.existsSync(path.join(root, 'src/functions/buildReport.ts'))).toBe(true);
  });

  it('are written again when missing', () => {
    const root = makeProject(minimalProject(FUNCTION_ROUTE));
    generate(root);
    fs.rmSync(path.join(root, 'src/voters/canRead.ts'));
    expect(generate(root).plan.create.map((f) => f.path)).toEqual(['src/voters/canRead.ts']);
  });
});

describe('a scaffolded file that depends on a setting (PlannedFile.replaces)', () => {
  const plan = (current: string | undefined, replaces?: string[]) => {
    const root = makeProject({});
    if (current !== undefined) writeFiles(root, { 'src/proxy.ts': current });
    const files = new Map([
      ['src/proxy.ts', { content: 'new\n', owner: 'user' as const, ...(replaces && { replaces }) }],
    ]);
    const planned = planWrite(root, files);
    return {
      create: planned.create.map((file) => file.path),
      update: planned.update.map((file) => [file.path, file.before]),
      kept: planned.kept,
      scaffolded: planned.manifest.scaffolded,
    };
  };

  it('replaces it while it is the scaffold of the other settings, and keeps any other content', () => {
    expect(plan(undefined, ['old\n'])).toEqual({
      create: ['src/proxy.ts'],
      update: [],
      kept: [],
      scaffolded: ['src/proxy.ts'],
    });
    expect(plan('old\n', ['old\n'])).toEqual({
      create: [],
      update: [['src/proxy.ts', 'old\n']],
      kept: [],
      scaffolded: ['src/proxy.ts'],
    });
    for (const current of ['old\n// mine\n', 'new\n'])
      expect(plan(current, ['old\n'])).toEqual({
        create: [],
        update: [],
        kept: ['src/proxy.ts'],
        scaffolded: ['src/proxy.ts'],
      });
    expect(plan('old\n').kept).toEqual(['src/proxy.ts']);
  });
});
