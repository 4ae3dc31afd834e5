import fs from 'fs';
import path from 'path';
import type { OrmName } from '../config/configTypes';
import { PACKAGE_ROOT } from '../paths/packageRoot';

/** Starter files bound to the account routes, which need a database: `--orm none` leaves them out. */
const ACCOUNT_FILES = new Set([
  'config/routes/account.json',
  'config/views/signup.json',
  'config/views/account.json',
]);

const LOGIN_VIEW = 'config/views/login.json';

/** A view element as the starter's login page holds it (only what this file reads). */
interface StarterElement {
  type: string;
  route?: string;
  success?: string;
  children?: StarterElement[];
}

/**
 * The login page of a project without a database: its form, bound to nothing (a stub like the
 * project's handlers), without the link to the sign-up page that is left out.
 */
function unboundLogin(source: string): string {
  const view = JSON.parse(source) as { root: StarterElement };
  const form = view.root.children?.find((element) => element.type === 'form');
  if (!form) return source;
  delete form.route;
  delete form.success;
  view.root = form;
  return `${JSON.stringify(view, null, 2)}\n`;
}

/**
 * The starter configuration (examples/minimal): the spec's minimal project (one model, its four
 * routes, a login page), an update route for the signed-in user's own record (voter `self`) with
 * its edit form on the user's page, and accounts: sign-up, log-in and log-out routes, their pages and a
 * signed-in page. With `orm: "none"` it has no accounts (and its handlers are stubs).
 */
export function starterConfig(orm: OrmName): Array<[string, string]> {
  const source = path.join(PACKAGE_ROOT, 'examples', 'minimal', 'config');
  const files: Array<[string, string]> = [];
  for (const folder of ['models', 'routes', 'views']) {
    for (const file of fs.readdirSync(path.join(source, folder)).sort()) {
      const relative = `config/${folder}/${file}`;
      if (orm === 'none' && ACCOUNT_FILES.has(relative)) continue;
      const content = fs.readFileSync(path.join(source, folder, file), 'utf8');
      files.push([
        relative,
        orm === 'none' && relative === LOGIN_VIEW ? unboundLogin(content) : content,
      ]);
    }
  }
  return files;
}
