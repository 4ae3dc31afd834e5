import fs from 'fs';
import path from 'path';
import { ConfigError } from '../../../src/diagnostics/diagnostic';
import { minimalProject, USER_ROUTES } from '../support/configs';
import { generate, thrownBy } from '../support/generate';
import { makeProject, removeTempProjects, writeFiles } from '../support/tempProject';

afterAll(removeTempProjects);

const exists = (root: string, relative: string) => fs.existsSync(path.join(root, relative));
const listRoutesOnly = { routes: USER_ROUTES.routes.slice(0, 2) };

describe('generated files nothing produces any more', () => {
  it('are deleted, and folders left empty are removed', () => {
    const root = makeProject(minimalProject());
    generate(root);
    expect(exists(root, 'src/app/api/users/[id]/route.ts')).toBe(true);
    writeFiles(root, { 'config/routes/users.json': listRoutesOnly });
    const { plan } = generate(root);
    expect(plan.delete).toEqual(['src/app/api/users/[id]/route.ts']);
    expect(exists(root, 'src/app/api/users/[id]')).toBe(false);
    expect(exists(root, 'src/app/api/users/route.ts')).toBe(true);
    expect(
      JSON.parse(fs.readFileSync(path.join(root, '.appgen/manifest.json'), 'utf8')).generated,
    ).not.toHaveProperty(['src/app/api/users/[id]/route.ts']);
  });

  it('keep folders that still hold other files', () => {
    const root = makeProject(minimalProject());
    generate(root);
    writeFiles(root, {
      'src/app/api/users/[id]/notes.md': 'mine',
      'config/routes/users.json': listRoutesOnly,
    });
    generate(root);
    expect(exists(root, 'src/app/api/users/[id]/route.ts')).toBe(false);
    expect(fs.readFileSync(path.join(root, 'src/app/api/users/[id]/notes.md'), 'utf8')).toBe(
      'mine',
    );
  });

  it('are not deleted when their header line was removed: the user took them over', () => {
    const root = makeProject(minimalProject());
    generate(root);
    const file = path.join(root, 'src/app/api/users/[id]/route.ts');
    const takenOver = fs.readFileSync(file, 'utf8').split('\n').slice(1).join('\n');
    fs.writeFileSync(file, takenOver);
    writeFiles(root, { 'config/routes/users.json': listRoutesOnly });
    const { plan } = generate(root);
    expect(plan.delete).toEqual([]);
    expect(fs.readFileSync(file, 'utf8')).toBe(takenOver);
  });

  it('are not deleted by a run that fails', () => {
    const root = makeProject(minimalProject());
    generate(root);
    writeFiles(root, {
      'config/routes/users.json': {
        routes: [...listRoutesOnly.routes, { method: 'GET', path: '/api/x', response: 'Nope' }],
      },
    });
    expect(thrownBy(() => generate(root))).toBeInstanceOf(ConfigError);
    expect(exists(root, 'src/app/api/users/[id]/route.ts')).toBe(true);
  });
});
