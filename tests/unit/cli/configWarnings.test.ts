import fs from 'fs';
import path from 'path';
import { minimalProject } from '../support/configs';
import { ensureBuiltCli, runAppgen } from '../support/runCli';
import { makeProject, removeTempProjects } from '../support/tempProject';

beforeAll(() => ensureBuiltCli());
afterAll(() => removeTempProjects());

describe('appgen generate with a configuration warning', () => {
  it('prints it located, with its fix, and writes the files all the same (exit 0)', () => {
    const root = makeProject(
      minimalProject({
        'config/models/Post.json': {
          name: 'Post',
          fields: { title: 'string', authorId: 'uuid' },
          relations: { author: { type: 'belongsTo', model: 'User' } },
        },
        'config/routes/posts.json': {
          routes: [
            {
              method: 'POST',
              path: '/api/posts',
              auth: true,
              body: { title: 'string', authorId: 'uuid' },
              response: 'Post',
            },
          ],
        },
      }),
    );
    const result = runAppgen(['generate'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain(
      [
        'warning config/routes/posts.json:9:9  routes[0].body.authorId',
        '  POST /api/posts takes "authorId" from the request body: any signed-in user can write it as someone else\'s id',
        '  fix: set it from the session instead: remove it from "body" and add "set": { "authorId": "currentUser" }.',
        '',
        '1 warning about the configuration; generated anyway.',
      ].join('\n'),
    );
    expect(fs.existsSync(path.join(root, 'src', 'app', 'api', 'posts', 'route.ts'))).toBe(true);
  });
});
