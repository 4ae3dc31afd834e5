import { UserError } from '../../../src/diagnostics/diagnostic';
import { loadProject } from '../../../src/load/loadProject';
import { minimalProject } from '../support/configs';
import { makeProject, removeTempProjects } from '../support/tempProject';

afterAll(removeTempProjects);

function loadError(root: string): unknown {
  try {
    loadProject(root);
  } catch (error) {
    return error;
  }
  throw new Error('expected loadProject to fail');
}

describe('loadProject', () => {
  it('reads every config file, grouped by kind and sorted by file name', () => {
    const root = makeProject(
      minimalProject({
        'config/models/Post.json': { name: 'Post', fields: { title: 'string' } },
        'config/models/Author.json': { name: 'Author', fields: { name: 'string' } },
        'appgen.config.json': { orm: 'none' },
      }),
    );
    const project = loadProject(root);
    expect(project.models.map((d) => d.file)).toEqual([
      'config/models/Author.json',
      'config/models/Post.json',
      'config/models/User.json',
    ]);
    expect(project.routes.map((d) => [d.file, d.kind])).toEqual([
      ['config/routes/users.json', 'routes'],
    ]);
    expect(project.views.map((d) => d.kind)).toEqual(['view']);
    expect(project.settings?.value).toEqual({ orm: 'none' });
    expect(project.models[0].positions.get('/name')?.value).toEqual({ line: 2, column: 11 });
    expect(project.problems).toEqual([]);
  });

  it('accepts a project without routes or views folders', () => {
    const root = makeProject({
      'config/models/User.json': { name: 'User', fields: { name: 'string' } },
    });
    const project = loadProject(root);
    expect(project).toMatchObject({ routes: [], views: [] });
    expect(project.settings).toBeUndefined();
  });

  it('refuses a folder without config/ with a fix, not a config diagnostic', () => {
    const error = loadError(makeProject({ 'README.md': 'hello' }));
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toContain('no config/ folder');
    expect((error as UserError).hint).toContain('--cwd');
  });

  it('collects invalid JSON from every file instead of stopping at the first', () => {
    const root = makeProject(
      minimalProject({
        'config/models/User.json': '{ "name": "User", }',
        'config/views/login.json': '{\n  "name": "LoginPage"\n  "path": "/login" }',
      }),
    );
    const project = loadProject(root);
    expect(project.problems.map((d) => [d.file, d.location])).toEqual([
      ['config/models/User.json', { line: 1, column: 19 }],
      ['config/views/login.json', { line: 3, column: 3 }],
    ]);
    expect(project.problems[0].message).toMatch(/^invalid JSON: /);
    expect(project.problems[0].hint).toContain('no trailing commas');
    expect(project.models).toEqual([]);
    expect(project.routes.map((d) => d.file)).toEqual(['config/routes/users.json']);
  });

  it('reports invalid JSON in appgen.config.json', () => {
    const project = loadProject(
      makeProject(minimalProject({ 'appgen.config.json': '{ orm: "none" }' })),
    );
    expect(project.problems).toEqual([
      expect.objectContaining({ file: 'appgen.config.json', location: { line: 1, column: 3 } }),
    ]);
    expect(project.settings).toBeUndefined();
  });

  it('reports files that are not .json, and ignores dot-files', () => {
    const root = makeProject(
      minimalProject({ 'config/models/User.yaml': 'name: User', 'config/models/.DS_Store': '' }),
    );
    expect(loadProject(root).problems).toEqual([
      expect.objectContaining({
        file: 'config/models/User.yaml',
        message: expect.stringContaining('only .json files belong in config/models/'),
      }),
    ]);
  });

  it('reports a folder inside a config folder', () => {
    const root = makeProject(minimalProject({ 'config/routes/admin/users.json': { routes: [] } }));
    expect(loadProject(root).problems.map((d) => d.file)).toEqual(['config/routes/admin']);
  });
});
