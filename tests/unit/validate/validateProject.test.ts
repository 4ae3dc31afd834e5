import fs from 'fs';
import path from 'path';
import { ConfigError } from '../../../src/diagnostics/diagnostic';
import { validateProject } from '../../../src/validate/validateProject';
import { checkedProject, loadedProject, problemsIn } from '../support/checkConfig';
import { thrownBy } from '../support/generate';
import { minimalProject } from '../support/configs';
import { REPO_ROOT } from '../support/paths';

describe('validateProject', () => {
  it('returns the checked project with the ORM from the settings (prisma by default)', () => {
    expect(checkedProject(minimalProject()).orm).toBe('prisma');
    expect(checkedProject(minimalProject({ 'appgen.config.json': { orm: 'none' } })).orm).toBe(
      'none',
    );
  });

  it('collects the problems of every file in one run', () => {
    const problems = problemsIn(
      minimalProject({
        'config/models/User.json': { name: 'User', fields: { name: 'strng', email: 'string' } },
        'config/routes/zz.json': { routes: [{ method: 'GET', path: '/api/../x', function: 'f' }] },
        'config/views/login.json': {
          name: 'LoginPage',
          path: '/login',
          root: { type: 'carousel' },
        },
        'appgen.config.json': { orm: 'sequelize' },
      }),
    );
    expect(problems.map((p) => p.file).sort()).toEqual([
      'appgen.config.json',
      'config/models/User.json',
      'config/routes/zz.json',
      'config/views/login.json',
    ]);
  });

  it('does not report "unknown model" for a model whose own file has problems', () => {
    const problems = problemsIn(
      minimalProject({
        'config/models/User.json': { name: 'User', fields: { name: 'strng', email: 'string' } },
      }),
    );
    expect(problems.map((p) => [p.file, p.message])).toEqual([
      ['config/models/User.json', 'string "strng" is not allowed here'],
    ]);
    const reserved = problemsIn(
      minimalProject({
        'config/models/User.json': { name: 'Response', fields: { a: 'string' } },
        'config/routes/users.json': {
          routes: [{ method: 'GET', path: '/api/r', response: 'Response[]' }],
        },
      }),
    );
    expect(reserved.map((p) => p.file)).toEqual(['config/models/User.json']);
  });

  describe('one mistake gives one error (issue 22), on examples/minimal', () => {
    const example = (): Record<string, unknown> => {
      const root = path.join(REPO_ROOT, 'examples', 'minimal');
      const files: Record<string, unknown> = {};
      for (const folder of ['models', 'routes', 'views']) {
        for (const file of fs.readdirSync(path.join(root, 'config', folder)))
          files[`config/${folder}/${file}`] = JSON.parse(
            fs.readFileSync(path.join(root, 'config', folder, file), 'utf8'),
          );
      }
      return files;
    };
    const messages = (files: Record<string, unknown>) =>
      problemsIn(files).map((p) => `${p.file} ${p.jsonPath} | ${p.message}`);

    it('a bad field type in a model: no "no route is declared" for the views bound to its routes', () => {
      const files = example();
      const user = files['config/models/User.json'] as { fields: Record<string, unknown> };
      user.fields.age = 'integer';
      expect(messages(files)).toEqual([
        'config/models/User.json fields.age | string "integer" is not allowed here',
      ]);
    });

    it('an unknown response model: no "several models" on its siblings, no false did-you-mean in views', () => {
      const files = example();
      const routes = files['config/routes/users.json'] as { routes: Array<{ response?: string }> };
      routes.routes[0].response = 'Usr[]';
      expect(messages(files)).toEqual([
        'config/routes/users.json routes[0].response | unknown model "Usr"',
      ]);
    });

    it('a routes file that fails its schema: its routes are not reported missing by views', () => {
      const files = example();
      (
        files['config/routes/users.json'] as { routes: Array<Record<string, unknown>> }
      ).routes[0].method = 'FETCH';
      expect(messages(files)).toEqual([
        expect.stringMatching(/^config\/routes\/users\.json routes\[0\]\.method \| /),
      ]);
    });
  });

  it('reports files that could not be parsed together with the schema problems of the others', () => {
    const project = loadedProject(
      minimalProject({
        'config/views/login.json': { name: 'LoginPage', path: '/login', root: { type: 'slider' } },
      }),
    );
    project.problems.push({
      file: 'config/models/User.json',
      jsonPath: '',
      location: { line: 1, column: 5 },
      message: 'invalid JSON: x',
    });
    project.models = [];
    const error = thrownBy(() => validateProject(project)) as ConfigError;
    // and no "unknown model" for the routes: cross-file checks wait for a complete picture
    expect(error.diagnostics.map((p) => [p.file, p.jsonPath])).toEqual([
      ['config/models/User.json', ''],
      ['config/views/login.json', 'root.type'],
    ]);
  });

  it('does not check a file further once its schema fails (no follow-on noise)', () => {
    const problems = problemsIn(
      minimalProject({
        'config/routes/users.json': {
          routes: [{ method: 'GET', path: '/api/users/:id', response: 'Usr', extra: true }],
        },
      }),
    );
    expect(problems.map((p) => p.message)).toEqual(['unknown property "extra"']);
  });

  it('still checks routes against a model that has field problems', () => {
    const problems = problemsIn(
      minimalProject({
        'config/models/User.json': {
          name: 'User',
          fields: { name: 'string', email: 'string', bad: { type: 'int', default: 'x' } },
        },
        'config/routes/users.json': {
          routes: [{ method: 'GET', path: '/api/users', response: 'Usr[]' }],
        },
      }),
    );
    expect(problems.map((p) => p.message)).toEqual([
      'default "x" does not fit type int',
      'unknown model "Usr"',
    ]);
  });
});
