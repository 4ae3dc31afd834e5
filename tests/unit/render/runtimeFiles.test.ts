import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import { BUILTIN_TEMPLATES_DIR, PACKAGE_ROOT } from '../../../src/paths/packageRoot';
import { TEMPLATE_REGISTRY } from '../../../src/render/templateRegistry';
import { isRuntimeFile, listTemplateFiles, TemplateSet } from '../../../src/render/templateSet';
import { resolveTemplateNames } from '../../../src/templates/resolveTemplateNames';
import { templateCatalog } from '../../../src/templates/templateCatalog';
import { GOLDEN_DIR } from '../support/paths';
import { makeProject, removeTempProjects } from '../support/tempProject';

afterAll(removeTempProjects);

/**
 * Runtime files: files under templates/ that are no template (templates/src/appgen/slug.ts), real
 * TypeScript copied into projects as it is, replaceable like a template by a project file of the
 * same path.
 */
const runtimeFiles = listTemplateFiles(BUILTIN_TEMPLATES_DIR, 'built-in').filter((source) =>
  isRuntimeFile(source.name),
);
const STUBS = path.join(PACKAGE_ROOT, 'tests', 'runtimeStubs', 'src', 'appgen');

describe('runtime files', () => {
  it('are TypeScript files of the registry, each copied as it is', () => {
    const registered = new Set(TEMPLATE_REGISTRY.map((entry) => entry.template));
    expect(runtimeFiles.length).toBeGreaterThan(0);
    const templates = new TemplateSet(BUILTIN_TEMPLATES_DIR);
    for (const source of runtimeFiles) {
      expect(source.name).toMatch(/^src\/appgen\/[A-Za-z]+\.ts$/);
      expect(registered.has(source.name)).toBe(true);
      expect(templates.render(source.name, {})).toBe(fs.readFileSync(source.file, 'utf8'));
    }
  });

  it('type-check under --strict with the stubs of the generated modules they import', () => {
    const tsc = require.resolve('typescript/bin/tsc');
    let errors = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', 'tsconfig.runtime.json'], {
        cwd: PACKAGE_ROOT,
        stdio: 'pipe',
      });
    } catch (error) {
      errors = String((error as { stdout?: Buffer }).stdout ?? error);
    }
    expect(errors).toBe('');
  }, 120_000);

  it.each(fs.readdirSync(STUBS))(
    'stub %s declares only what the generated module exports',
    (stub) => {
      const module = `src/appgen/${stub.replace(/\.d\.ts$/, '.ts')}`;
      const declared = [
        ...fs
          .readFileSync(path.join(STUBS, stub), 'utf8')
          .matchAll(/^export (?:declare )?(?:function|const|interface|type) ([A-Za-z_]+)/gm),
      ].map((match) => match[1]);
      const generated = fs
        .readdirSync(GOLDEN_DIR)
        .map((name) => path.join(GOLDEN_DIR, name, 'expected', module))
        .filter((file) => fs.existsSync(file))
        .map((file) => fs.readFileSync(file, 'utf8'))
        .join('\n');
      expect(generated).not.toBe('');
      for (const name of declared)
        expect(generated).toMatch(
          new RegExp(`^export (?:async )?(?:function|const|interface|type) ${name}\\b`, 'm'),
        );
    },
  );

  it('are replaced by a project file of the same path', () => {
    const projectDir = makeProject({ 'src/appgen/slug.ts': '// our own slugs\n' });
    const templates = new TemplateSet(BUILTIN_TEMPLATES_DIR, projectDir);
    expect(templates.render('src/appgen/slug.ts', {})).toBe('// our own slugs\n');
  });

  it('tell a project that kept the template it replaced to rename its copy', () => {
    const root = makeProject({
      'config/models/.keep': '',
      'templates/src/appgen/slug.ts.hbs': '// ejected before\n',
    });
    const { ignored } = templateCatalog(root, BUILTIN_TEMPLATES_DIR, { usage: false });
    expect(ignored).toEqual([
      {
        name: 'src/appgen/slug.ts.hbs',
        reason: expect.stringMatching(/now the plain file templates\/src\/appgen\/slug\.ts/),
        suggestion: 'src/appgen/slug.ts',
      },
    ]);
  });

  it('are named by the path of the template they were too', () => {
    const known = runtimeFiles.map((source) => source.name);
    expect(resolveTemplateNames(['src/appgen/slug.ts.hbs'], known)).toEqual(['src/appgen/slug.ts']);
  });
});
