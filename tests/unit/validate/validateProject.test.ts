import { ConfigError } from '../../../src/diagnostics/diagnostic';
import { validateProject } from '../../../src/validate/validateProject';
import { checkedProject, loadedProject, problemsIn } from '../support/checkConfig';
import { thrownBy } from '../support/generate';
import { minimalProject } from '../support/configs';

describe('validateProject', () => {
  it('returns the checked project with the ORM from the settings (prisma by default)', () => {
    expect(checkedProject(minimalProject()).orm).toBe('prisma');
    expect(checkedProject(minimalProject({ 'appgen.config.json': { orm: 'none' } })).orm).toBe('none');
  });

  it('collects the problems of every file in one run', () => {
    const problems = problemsIn(
      minimalProject({
        'config/models/User.json': { name: 'User', fields: { name: 'strng', email: 'string' } },
        'config/routes/zz.json': { routes: [{ method: 'GET', path: '/api/../x', function: 'f' }] },
        'config/views/login.json': { name: 'LoginPage', path: '/login', root: { type: 'carousel' } },
        'appgen.config.json': { orm: 'sequelize' },
      }),
    );
    expect(problems.map((p) => p.file).sort()).toEqual(['appgen.config.json', 'config/models/User.json', 'config/routes/zz.json', 'config/views/login.json']);
  });

  it('does not report "unknown model" for a model whose own file has problems', () => {
    const problems = problemsIn(minimalProject({ 'config/models/User.json': { name: 'User', fields: { name: 'strng', email: 'string' } } }));
    expect(problems.map((p) => [p.file, p.message])).toEqual([['config/models/User.json', 'string "strng" is not allowed here']]);
    const reserved = problemsIn(minimalProject({ 'config/models/User.json': { name: 'Response', fields: { a: 'string' } }, 'config/routes/users.json': { routes: [{ method: 'GET', path: '/api/r', response: 'Response[]' }] } }));
    expect(reserved.map((p) => p.file)).toEqual(['config/models/User.json']);
  });

  it('reports files that could not be parsed together with the schema problems of the others', () => {
    const project = loadedProject(minimalProject({ 'config/views/login.json': { name: 'LoginPage', path: '/login', root: { type: 'slider' } } }));
    project.problems.push({ file: 'config/models/User.json', jsonPath: '', location: { line: 1, column: 5 }, message: 'invalid JSON: x' });
    project.models = [];
    const error = thrownBy(() => validateProject(project)) as ConfigError;
    // and no "unknown model" for the routes: cross-file checks wait for a complete picture
    expect(error.diagnostics.map((p) => [p.file, p.jsonPath])).toEqual([
      ['config/models/User.json', ''],
      ['config/views/login.json', 'root.type'],
    ]);
  });

  it('does not check a file further once its schema fails (no follow-on noise)', () => {
    const problems = problemsIn(minimalProject({ 'config/routes/users.json': { routes: [{ method: 'GET', path: '/api/users/:id', response: 'Usr', extra: true }] } }));
    expect(problems.map((p) => p.message)).toEqual(['unknown property "extra"']);
  });

  it('still checks routes against a model that has field problems', () => {
    const problems = problemsIn(
      minimalProject({
        'config/models/User.json': { name: 'User', fields: { name: 'string', email: 'string', bad: { type: 'int', default: 'x' } } },
        'config/routes/users.json': { routes: [{ method: 'GET', path: '/api/users', response: 'Usr[]' }] },
      }),
    );
    expect(problems.map((p) => p.message)).toEqual(['default "x" does not fit type int', 'unknown model "Usr"']);
  });
});
