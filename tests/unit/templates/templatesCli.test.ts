import fs from 'fs';
import path from 'path';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { TEMPLATE_REGISTRY } from '../../../src/render/templateRegistry';
import { listTemplateFiles, partialName } from '../../../src/render/templateSet';
import { EJECT_SKIPPED_EXIT_CODE } from '../../../src/cli/commands/templatesCommand';
import { EJECTION_RECORD } from '../../../src/templates/ejectionRecord';
import { minimalProject } from '../support/configs';
import { ensureBuiltCli, runAppgen, STACK_TRACE } from '../support/runCli';
import { makeProject, removeTempProjects, snapshotTree } from '../support/tempProject';
import { ejectedProject, pretendBuiltinChanged } from './ejectedProject';

beforeAll(ensureBuiltCli);
afterAll(removeTempProjects);

const builtinPartials = listTemplateFiles(BUILTIN_TEMPLATES_DIR, 'built-in').map((source) => partialName(source.name)).filter((name): name is string => name !== undefined);

describe('appgen templates list', () => {
  it('shows every built-in template with its output and context, and every partial with its use', () => {
    const result = runAppgen(['templates', 'list', '--cwd', makeProject(minimalProject())]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`Built-in templates: ${BUILTIN_TEMPLATES_DIR}`);
    expect(lines[1]).toBe('Project templates:  templates/ (0 overridden, 0 added)');
    for (const entry of TEMPLATE_REGISTRY) {
      const at = lines.indexOf(`  ${entry.template}`);
      expect(at).toBeGreaterThan(0);
      expect(lines[at + 1]).toBe(`      produces  ${entry.produces}${entry.owner === 'user' ? ' (yours after that)' : ''}`);
      expect(lines[at + 2]).toBe(`      context   ${entry.context}`);
    }
    for (const partial of builtinPartials) expect(lines.some((line) => line.startsWith(`  ${partial} `) && /(used|picked at run time) by /.test(line))).toBe(true);
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}view\/element +used by view\/form, view\/section, src\/app\/\[view\]\/page\.tsx\.hbs$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}orm\/prisma\/load +picked at run time by src\/app\/\[route\]\/route\.ts\.hbs$/));
  });

  it('marks overrides, outdated overrides, new partials and ignored files', () => {
    const root = ejectedProject(['view/element', 'src/app/layout.tsx']);
    pretendBuiltinChanged(root, ['src/app/layout.tsx.hbs']);
    fs.writeFileSync(path.join(root, 'templates/partials/view/note.hbs'), 'note');
    fs.writeFileSync(path.join(root, 'templates/layout.tsx.hbs'), 'x');
    const { status, stdout } = runAppgen(['templates', 'list', '--cwd', root]);
    expect(status).toBe(0);
    expect(stdout).toContain('Project templates:  templates/ (2 overridden, 1 added)\n');
    expect(stdout).toContain('\n  src/app/layout.tsx.hbs  [overridden; its built-in changed since ejection]\n');
    expect(stdout).toMatch(/\n {2}view\/element +used by .*\[overridden\]\n/);
    expect(stdout).toMatch(/\n {2}view\/note +used by nothing {2}\[new partial \(project only\)\]\n/);
    expect(stdout).toContain('\nIgnored by generate:\n  templates/layout.tsx.hbs: no built-in template has this path');
  });

  it('--json gives the same catalog as data', () => {
    const root = ejectedProject(['view/element']);
    const catalog = JSON.parse(runAppgen(['templates', 'list', '--json', '--cwd', root]).stdout);
    expect(catalog.templates.map((entry: { name: string }) => entry.name)).toEqual(expect.arrayContaining(TEMPLATE_REGISTRY.map((entry) => entry.template)));
    expect(catalog.partials.find((entry: { partial: string }) => entry.partial === 'view/element')).toMatchObject({ state: 'overridden', builtinChange: 'unchanged' });
  });
});

describe('appgen templates eject', () => {
  it('copies the named templates, says so and exits 0', () => {
    const root = makeProject(minimalProject());
    const result = runAppgen(['templates', 'eject', 'view/element', 'src/app/layout.tsx.hbs', '--cwd', root]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('  eject templates/partials/view/element.hbs\n  eject templates/src/app/layout.tsx.hbs\nappgen: 2 templates ejected to templates/\n');
    expect(fs.readdirSync(path.join(root, 'templates')).sort()).toEqual([EJECTION_RECORD, 'partials', 'src']);
  });

  it(`never overwrites: says which files were already there and exits ${EJECT_SKIPPED_EXIT_CODE}`, () => {
    const root = makeProject(minimalProject({ 'templates/partials/view/element.hbs': 'mine\n' }));
    const result = runAppgen(['templates', 'eject', 'view/element', 'src/app/globals.css', '--cwd', root]);
    expect(result.status).toBe(EJECT_SKIPPED_EXIT_CODE);
    expect(result.stdout).toBe([
      '  eject templates/src/app/globals.css.hbs',
      '  skip  templates/partials/view/element.hbs: already there, left as it is (delete it first to eject it again)',
      'appgen: 1 template ejected to templates/, 1 skipped because the file already exists',
      '',
    ].join('\n'));
    expect(fs.readFileSync(path.join(root, 'templates/partials/view/element.hbs'), 'utf8')).toBe('mine\n');
  });

  it('--all ejects every template; generate then writes the same files as before', () => {
    const root = makeProject(minimalProject());
    expect(runAppgen(['generate', '--cwd', root]).status).toBe(0);
    const result = runAppgen(['templates', 'eject', '--all', '--cwd', root]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^appgen: \d+ templates ejected to templates\/$/m);
    const generated = runAppgen(['generate', '--cwd', root]);
    expect(generated.stderr).toBe('');
    expect(generated.stdout).toMatch(/^appgen: everything up to date/);
  });

  it('an unknown name exits 1 with a suggestion and copies nothing', () => {
    const root = makeProject(minimalProject());
    const before = snapshotTree(root);
    const result = runAppgen(['templates', 'eject', 'view/element', 'view/elemnt', '--cwd', root]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('error: unknown template: "view/elemnt"\n  fix: did you mean "view/element"? `appgen templates list` shows every built-in template and partial.\n');
    expect(result.stderr).not.toMatch(STACK_TRACE);
    expect(snapshotTree(root)).toEqual(before);
  });

  it('no name and no --all exits 1', () => {
    const result = runAppgen(['templates', 'eject', '--cwd', makeProject(minimalProject())]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error: name the templates to eject, or pass --all');
  });

  it('appgen templates without a subcommand prints the help and exits 1', () => {
    const result = runAppgen(['templates']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error: Name a templates command');
    expect(result.stderr).toContain('appgen templates eject');
  });
});

describe('appgen generate and ejected templates', () => {
  it('warns once per run, on stderr, when built-ins of overrides changed; accept ends it', () => {
    const root = ejectedProject(['view/element', 'handler/respond', 'src/app/[route]/route.ts']);
    pretendBuiltinChanged(root, ['partials/view/element.hbs', 'partials/handler/respond.hbs', 'src/app/[route]/route.ts.hbs']);
    const result = runAppgen(['generate', '--cwd', root]);
    expect(result.status).toBe(0);
    expect(result.stderr.match(/warning/g)).toHaveLength(1);
    expect(result.stderr.split('\n').filter((line) => line.includes('changed since you ejected it'))).toHaveLength(3);
    expect(result.stdout).toMatch(/^appgen: \d+ created/m);

    const dryRun = runAppgen(['generate', '--dry-run', '--cwd', root]);
    expect(dryRun.stderr.match(/warning/g)).toHaveLength(1);

    const accepted = runAppgen(['templates', 'accept', '--all', '--cwd', root]);
    expect(accepted.status).toBe(0);
    expect(accepted.stdout).toContain('appgen: recorded 3 templates as based on the current built-in');
    expect(runAppgen(['generate', '--cwd', root]).stderr).toBe('');
  });
});

describe('the README documents the templates commands', () => {
  const docs = path.join(__dirname, '..', '..', '..', 'docs');
  const section = fs.readFileSync(path.join(docs, 'templates.md'), 'utf8');

  it('with the exit code of a skipped eject and the link to the contexts reference', () => {
    expect(section).toContain(`; ${EJECT_SKIPPED_EXIT_CODE} some files`);
    for (const command of ['appgen templates list', 'appgen templates eject <name...>', 'appgen templates eject --all', 'appgen templates accept']) expect(section).toContain(command);
    expect(section).toContain('[template-contexts.md](template-contexts.md)');
    expect(section).toContain('templates/.appgen-templates.json');
  });
});
