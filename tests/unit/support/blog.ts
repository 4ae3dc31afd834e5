import fs from 'fs';
import path from 'path';
import { minimalProject } from './configs';
import type { ProjectFiles } from './tempProject';

const FIXTURE = path.join(__dirname, '../../e2e/fixtures/blog/config');

/**
 * The blog of the pages browser suite (tests/e2e/pages-blog.test.ts): accounts, posts by an
 * author with tags, comments nested under posts, and a post's page showing its comments. `overrides`
 * replace or add files (e.g. a view with a binding mistake); an override `undefined` removes one.
 */
export function blogProject(overrides: ProjectFiles = {}): ProjectFiles {
  const files: ProjectFiles = {};
  for (const folder of ['models', 'routes', 'views'])
    for (const name of fs.readdirSync(path.join(FIXTURE, folder)))
      files[`config/${folder}/${name}`] = JSON.parse(
        fs.readFileSync(path.join(FIXTURE, folder, name), 'utf8'),
      );
  // Its settings (the users' roles); the ORM is the default one.
  files['appgen.config.json'] = JSON.parse(
    fs.readFileSync(path.join(FIXTURE, '..', 'appgen.config.json'), 'utf8'),
  );
  const merged = Object.entries({ ...files, ...overrides }).filter(([, v]) => v !== undefined);
  return minimalProject(Object.fromEntries(merged));
}
