import fs from 'fs';
import path from 'path';
import type { OrmName } from '../config/configTypes';
import { PACKAGE_ROOT } from '../paths/packageRoot';
import { withoutDatabase } from './starterWithoutDatabase';

/** Starter files bound to the account routes, which need a database: `--orm none` leaves them out. */
const ACCOUNT_FILES = new Set([
  'config/routes/account.json',
  'config/views/signup.json',
  'config/views/account.json',
  'config/views/forgot-password.json',
  'config/views/reset-password.json',
  'config/views/verify-email.json',
]);

/**
 * The starter configuration (examples/minimal): the spec's minimal project (one model, its four
 * routes, a login page), an update route for the signed-in user's own record (voter `self`) with
 * its edit form on the user's page, the DELETE of a user limited to that user alike, and accounts:
 * sign-up, log-in and log-out routes, their pages and a signed-in page, and password reset and
 * e-mail verification (routes and pages). With `orm: "none"` it has
 * no accounts, its handlers are stubs and its DELETE is the spec's (./starterWithoutDatabase).
 */
export function starterConfig(orm: OrmName): Array<[string, string]> {
  const source = path.join(PACKAGE_ROOT, 'examples', 'minimal', 'config');
  const files: Array<[string, string]> = [];
  for (const folder of ['models', 'routes', 'views']) {
    for (const file of fs.readdirSync(path.join(source, folder)).sort()) {
      const relative = `config/${folder}/${file}`;
      if (orm === 'none' && ACCOUNT_FILES.has(relative)) continue;
      const content = fs.readFileSync(path.join(source, folder, file), 'utf8');
      files.push([relative, orm === 'none' ? withoutDatabase(relative, content) : content]);
    }
  }
  return files;
}
