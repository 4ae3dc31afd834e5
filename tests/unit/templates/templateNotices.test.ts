import fs from 'fs';
import path from 'path';
import { buildProjectFiles, generateProject } from '../../../src/generate/generateProject';
import { warnOnStderr } from '../../../src/generate/warnings';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { acceptTemplates } from '../../../src/templates/acceptTemplates';
import { EJECTION_RECORD } from '../../../src/templates/ejectionRecord';
import { templateCatalog } from '../../../src/templates/templateCatalog';
import { formatTemplateNotices, templateNotices } from '../../../src/templates/templateNotices';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { makeProject, removeTempProjects, writeFiles } from '../support/tempProject';
import { ejectedProject, pretendBuiltinChanged } from './ejectedProject';

afterAll(removeTempProjects);

const warningsOf = (root: string) => {
  const warn = jest.fn();
  generateProject({ root, ...SQLITE_OPTIONS, warn });
  return warn.mock.calls.map(([text]) => text as string);
};

describe('generate warns about overrides whose built-in changed since ejection', () => {
  it('not at all while the built-ins are as ejected', () => {
    expect(warningsOf(ejectedProject(['view/element', 'src/app/layout.tsx']))).toEqual([]);
  });

  it('once per run, in one block naming every such template, however many files use them', () => {
    const root = ejectedProject(['view/element', 'src/app/[view]/page.tsx', 'handler/respond', 'src/app/layout.tsx']);
    pretendBuiltinChanged(root, ['partials/view/element.hbs', 'src/app/[view]/page.tsx.hbs', 'partials/handler/respond.hbs']);
    const warnings = warningsOf(root);
    expect(warnings).toHaveLength(1);
    const lines = warnings[0].split('\n');
    expect(lines[0]).toBe('appgen: warning: 3 notes about your templates/ folder:');
    expect(lines.filter((line) => line.includes('changed since you ejected it'))).toEqual([
      '  templates/src/app/[view]/page.tsx.hbs: the built-in template changed since you ejected it (ejected from appgen 0.0.1)',
      '  templates/partials/handler/respond.hbs: the built-in template changed since you ejected it (ejected from appgen 0.0.1)',
      '  templates/partials/view/element.hbs: the built-in template changed since you ejected it (ejected from appgen 0.0.1)',
    ]);
    expect(warnings[0]).toContain(`  fix: compare your copy with the new built-in, e.g. diff ${path.join(BUILTIN_TEMPLATES_DIR, 'src/app/[view]/page.tsx.hbs')} templates/src/app/[view]/page.tsx.hbs`);
    expect(warnings[0]).toContain('then record it: appgen templates accept src/app/[view]/page.tsx.hbs partials/handler/respond.hbs partials/view/element.hbs\n');
    expect(warnings[0].endsWith('\n')).toBe(true);
  });

  it('still once when the run then fails on a template error (the warning comes first)', () => {
    const root = ejectedProject(['view/element']);
    pretendBuiltinChanged(root, ['partials/view/element.hbs']);
    writeFiles(root, { 'templates/partials/view/element.hbs': '{{#if}}\n' });
    const warn = jest.fn();
    expect(() => buildProjectFiles({ root, ...SQLITE_OPTIONS, warn })).toThrow(/templates\/partials\/view\/element\.hbs/);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('no more after `appgen templates accept`', () => {
    const root = ejectedProject(['view/element']);
    pretendBuiltinChanged(root, ['partials/view/element.hbs']);
    expect(warningsOf(root)).toHaveLength(1);
    acceptTemplates({ root, builtinDir: BUILTIN_TEMPLATES_DIR, names: ['view/element'], all: false });
    expect(warningsOf(root)).toEqual([]);
  });

  it('not for an override deleted since (the built-in is used again)', () => {
    const root = ejectedProject(['view/element']);
    pretendBuiltinChanged(root, ['partials/view/element.hbs']);
    fs.rmSync(path.join(root, 'templates/partials/view/element.hbs'));
    expect(warningsOf(root)).toEqual([]);
  });

  it('for an ejected partial whose built-in no longer exists', () => {
    const root = makeProject(minimalProject({
      'templates/partials/old/gone.hbs': 'x',
      [`templates/${EJECTION_RECORD}`]: { version: 1, templates: { 'partials/old/gone.hbs': { sha256: 'abc', appgenVersion: '0.0.1' } } },
    }));
    expect(warningsOf(root)[0]).toContain('  templates/partials/old/gone.hbs: the built-in it was ejected from no longer exists (ejected from appgen 0.0.1)\n');
  });
});

describe('generate warns about files in templates/ it does not use', () => {
  it('a misspelt template path, a file without .hbs, and a damaged record, with suggestions', () => {
    const root = makeProject(minimalProject({
      'templates/src/app/layuot.tsx.hbs': 'x',
      'templates/partials/view/element': 'x',
      'templates/.DS_Store': 'x',
      [`templates/${EJECTION_RECORD}`]: '{',
    }));
    const [warning, ...more] = warningsOf(root);
    expect(more).toEqual([]);
    expect(warning.split('\n')).toEqual([
      'appgen: warning: 3 notes about your templates/ folder:',
      '  templates/partials/view/element: not a .hbs file, so it is not a template; did you mean templates/partials/view/element.hbs?',
      '  templates/src/app/layuot.tsx.hbs: no built-in template has this path, so it replaces nothing (new partials go under templates/partials/); did you mean templates/src/app/layout.tsx.hbs?',
      expect.stringMatching(/^ {2}templates\/\.appgen-templates\.json is damaged \(/),
      '  fix: rename or delete the unused files (`appgen templates list` shows every template path)',
      '',
    ]);
  });

  it('nothing for a project without templates/, or with only new partials', () => {
    expect(formatTemplateNotices(templateNotices(makeProject(minimalProject()), BUILTIN_TEMPLATES_DIR), BUILTIN_TEMPLATES_DIR)).toBeUndefined();
    expect(warningsOf(makeProject(minimalProject({ 'templates/partials/extra/note.hbs': 'x' })))).toEqual([]);
  });
});

describe('templateCatalog', () => {
  it('lists templates in registry order with their output and context, and partials with their use', () => {
    const root = ejectedProject(['view/element']);
    writeFiles(root, { 'templates/partials/extra/note.hbs': 'note', 'templates/src/app/layout.tsx.hbs': '{{#if}}' });
    const catalog = templateCatalog(root, BUILTIN_TEMPLATES_DIR);
    expect(catalog.templates[0]).toEqual({
      name: 'src/app/[route]/route.ts.hbs',
      state: 'built-in',
      produces: 'src/app/<path>/route.ts: one per unique route path, one export per method',
      context: 'RouteFileContext & { project: ProjectContext }',
      owner: 'generated',
    });
    const layout = catalog.templates.find((entry) => entry.name === 'src/app/layout.tsx.hbs');
    expect(layout).toMatchObject({ state: 'overridden', problem: expect.stringMatching(/^templates\/src\/app\/layout\.tsx\.hbs: line 1/) });
    expect(layout?.builtinChange).toBeUndefined();
    expect(catalog.partials.find((entry) => entry.partial === 'view/element')).toMatchObject({ state: 'overridden', builtinChange: 'unchanged', usedBy: [{ by: 'partials/view/form.hbs', dynamic: false }, { by: 'partials/view/section.hbs', dynamic: false }, { by: 'src/app/[view]/page.tsx.hbs', dynamic: false }] });
    expect(catalog.partials.find((entry) => entry.partial === 'extra/note')).toMatchObject({ state: 'project', usedBy: [] });
  });
});

describe('warnOnStderr', () => {
  it('shows a block once per process, and again only when it changes (appgen dev regenerates often)', () => {
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      warnOnStderr('block A\n');
      warnOnStderr('block A\n');
      warnOnStderr('block B\n');
      expect(write.mock.calls.map(([text]) => text)).toEqual(['block A\n', 'block B\n']);
    } finally {
      write.mockRestore();
    }
  });
});
