import fs from 'fs';
import path from 'path';
import { projectFiles } from '../../../src/create/projectFiles';
import { LTS_NODE_MAJOR, NODE_ENGINES } from '../../../src/project/nodeRuntime';
import { REPO_ROOT } from '../support/paths';

// Issue 55 §1: generated apps default to a current LTS Node.js; `engines` says what works.
describe('the Node.js a generated app runs on', () => {
  it("is the LTS line in the scaffolded Dockerfile, and what works in the engines of the project's and appgen's package.json", () => {
    const dockerfile = fs.readFileSync(
      path.join(REPO_ROOT, 'templates', 'scaffold', 'Dockerfile.hbs'),
      'utf8',
    );
    expect(dockerfile).toContain(`ARG NODE_IMAGE=node:${LTS_NODE_MAJOR}-bookworm-slim`);
    expect(dockerfile).not.toMatch(/node:20/);
    for (const orm of ['prisma', 'drizzle', 'none'] as const) {
      const files = projectFiles({ name: 'x', orm, appgen: 'alpha', sessionSecret: 's' });
      expect(JSON.parse(files.get('package.json') as string).engines).toEqual({
        node: NODE_ENGINES,
      });
    }
    const own = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(own.engines).toEqual({ node: NODE_ENGINES });
    // The lines still supported; 20 (end of life) still works and is tested on these machines.
    expect(NODE_ENGINES.split(' || ')).toEqual(['^20.19', '^22.12', `>=${LTS_NODE_MAJOR}`]);
  });
});
