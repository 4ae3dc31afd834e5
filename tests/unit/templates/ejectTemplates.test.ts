import fs from 'fs';
import path from 'path';
import { UserError } from '../../../src/diagnostics/diagnostic';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { listTemplateFiles } from '../../../src/render/templateSet';
import { acceptTemplates } from '../../../src/templates/acceptTemplates';
import { EJECTION_RECORD, readEjectionRecord, templateHash } from '../../../src/templates/ejectionRecord';
import { ejectTemplates } from '../../../src/templates/ejectTemplates';
import { minimalProject } from '../support/configs';
import { thrownBy } from '../support/generate';
import { makeProject, readTree, removeTempProjects, snapshotTree, writeFiles } from '../support/tempProject';

afterAll(removeTempProjects);

const builtin = (name: string) => fs.readFileSync(path.join(BUILTIN_TEMPLATES_DIR, name), 'utf8');
const eject = (root: string, names: string[], all = false) => ejectTemplates({ root, builtinDir: BUILTIN_TEMPLATES_DIR, names, all });
const accept = (root: string, names: string[], all = false) => acceptTemplates({ root, builtinDir: BUILTIN_TEMPLATES_DIR, names, all });

describe('ejectTemplates', () => {
  it('copies built-ins byte for byte to the same path under templates/, and records their hash', () => {
    const root = makeProject(minimalProject());
    expect(eject(root, ['view/element', 'src/app/layout.tsx'])).toEqual({ copied: ['partials/view/element.hbs', 'src/app/layout.tsx.hbs'], skipped: [] });
    expect(fs.readFileSync(path.join(root, 'templates/partials/view/element.hbs'), 'utf8')).toBe(builtin('partials/view/element.hbs'));
    const record = readEjectionRecord(path.join(root, 'templates'));
    expect(Object.keys(record.templates)).toEqual(['partials/view/element.hbs', 'src/app/layout.tsx.hbs']);
    expect(record.templates['src/app/layout.tsx.hbs'].sha256).toBe(templateHash(builtin('src/app/layout.tsx.hbs')));
    expect(record.templates['src/app/layout.tsx.hbs'].appgenVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('never overwrites a file already there, nor its record', () => {
    const root = makeProject(minimalProject({ 'templates/partials/view/element.hbs': 'mine\n' }));
    expect(eject(root, ['view/element', 'view/element', 'src/app/layout.tsx.hbs'])).toEqual({ copied: ['src/app/layout.tsx.hbs'], skipped: ['partials/view/element.hbs'] });
    expect(fs.readFileSync(path.join(root, 'templates/partials/view/element.hbs'), 'utf8')).toBe('mine\n');
    expect(Object.keys(readEjectionRecord(path.join(root, 'templates')).templates)).toEqual(['src/app/layout.tsx.hbs']);
    // A second eject of everything copies nothing and changes nothing.
    eject(root, [], true);
    const before = snapshotTree(root);
    const again = eject(root, [], true);
    expect(again.copied).toEqual([]);
    expect(snapshotTree(root)).toEqual(before);
  });

  it('--all copies every built-in template and partial, but not the create-appgen files', () => {
    const root = makeProject(minimalProject());
    const { copied } = eject(root, [], true);
    expect(copied).toEqual(listTemplateFiles(BUILTIN_TEMPLATES_DIR, 'built-in').map((source) => source.name));
    expect(copied.some((name) => name.startsWith('create/'))).toBe(false);
  });

  it('checks every name before copying anything', () => {
    const root = makeProject(minimalProject());
    const before = snapshotTree(root);
    const error = thrownBy(() => eject(root, ['view/element', 'src/app/layot.tsx'])) as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.hint).toContain('did you mean "src/app/layout.tsx"?');
    expect(snapshotTree(root)).toEqual(before);
  });

  it.each([
    [[], false, 'name the templates to eject, or pass --all'],
    [['view/element'], true, 'name templates or pass --all, not both'],
  ])('refuses names %p with all=%p', (names, all, message) => {
    expect((thrownBy(() => eject(makeProject(minimalProject()), names as string[], all)) as Error).message).toBe(message);
  });

  it('refuses a folder that is no project', () => {
    const root = makeProject({ 'README.md': 'not a project' });
    expect((thrownBy(() => eject(root, ['view/element'])) as Error).message).toBe(`no config/ folder in ${root}`);
    expect(fs.existsSync(path.join(root, 'templates'))).toBe(false);
  });

  it('refuses a damaged record with a fix, and writes nothing', () => {
    const root = makeProject(minimalProject({ [`templates/${EJECTION_RECORD}`]: '{ "version": 1, ' }));
    const error = thrownBy(() => eject(root, ['view/element'])) as UserError;
    expect(error.message).toMatch(/^templates\/\.appgen-templates\.json is damaged/);
    expect(error.hint).toContain('restore it from version control, or delete it');
    expect([...readTree(path.join(root, 'templates')).keys()]).toEqual([EJECTION_RECORD]);
  });
});

describe('acceptTemplates', () => {
  it('records the current built-in as the base of an override', () => {
    const root = makeProject(minimalProject({ 'templates/src/app/layout.tsx.hbs': 'mine\n', 'templates/partials/extra/note.hbs': 'note' }));
    expect(accept(root, [], true)).toEqual(['src/app/layout.tsx.hbs']);
    expect(readEjectionRecord(path.join(root, 'templates')).templates['src/app/layout.tsx.hbs'].sha256).toBe(templateHash(builtin('src/app/layout.tsx.hbs')));
  });

  it('refuses a template the project does not override, recording nothing', () => {
    const root = makeProject(minimalProject({ 'templates/src/app/layout.tsx.hbs': 'mine\n' }));
    const error = thrownBy(() => accept(root, ['src/app/layout.tsx', 'view/element'])) as UserError;
    expect(error.message).toBe('this project does not override templates/partials/view/element.hbs');
    expect(fs.existsSync(path.join(root, 'templates', EJECTION_RECORD))).toBe(false);
  });

  it('accepts nothing, quietly, when nothing is overridden', () => {
    const root = makeProject(minimalProject());
    writeFiles(root, { 'templates/partials/extra/note.hbs': 'note' });
    expect(accept(root, [], true)).toEqual([]);
    expect(fs.existsSync(path.join(root, 'templates', EJECTION_RECORD))).toBe(false);
  });
});
