import path from 'path';
import { loadProject } from '../../../src/load/loadProject';
import type { ProjectContext } from '../../../src/map/contexts';
import { mapProject } from '../../../src/map/mapProject';
import { validateProject } from '../../../src/validate/validateProject';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { GOLDEN_DIR, REPO_ROOT } from '../support/paths';

/**
 * Projects that between them reach every template and context field: the golden cases (both
 * ORMs, views, escaping, scheduled jobs) and the end-to-end semantics fixture (functions, voters,
 * events, auth).
 */
export const RICH_PROJECTS: Record<string, string> = {
  blog: path.join(GOLDEN_DIR, 'blog'),
  minimal: path.join(REPO_ROOT, 'examples', 'minimal'),
  'orm-none': path.join(GOLDEN_DIR, 'orm-none'),
  drizzle: path.join(GOLDEN_DIR, 'drizzle'),
  escaping: path.join(GOLDEN_DIR, 'escaping'),
  semantics: path.join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'semantics'),
  forum: path.join(REPO_ROOT, 'examples', 'forum'),
  publishing: path.join(REPO_ROOT, 'examples', 'publishing'),
  jobs: path.join(GOLDEN_DIR, 'jobs'),
  cors: path.join(GOLDEN_DIR, 'cors'),
  // The users' roles (src/appgen/roles.ts, the voters with roles).
  roles: path.join(GOLDEN_DIR, 'roles'),
  // Lists that page by cursor (src/appgen/cursor.ts).
  links: path.join(GOLDEN_DIR, 'links'),
  // Access rules on records and fields (src/appgen/access.ts, src/appgen/access/<model>.ts).
  access: path.join(GOLDEN_DIR, 'access'),
  'access-drizzle': path.join(GOLDEN_DIR, 'access-drizzle'),
  // A list's full-text search (src/appgen/search.ts).
  collection: path.join(GOLDEN_DIR, 'collection'),
};

/** The ProjectContext the pipeline builds for a project folder. */
export function projectContext(root: string): ProjectContext {
  return mapProject(validateProject(loadProject(root)), SQLITE_OPTIONS);
}
