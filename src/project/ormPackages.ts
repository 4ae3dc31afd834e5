import fs from 'fs';
import path from 'path';
import type { OrmName } from '../config/configTypes';
import { UserError } from '../diagnostics/diagnostic';
import { createProjectRequire } from './projectModules';
import { ormDependencies } from './appDependencies';

/** The ORM's packages that the project cannot load (looked up the way Node resolves them). */
export function missingOrmPackages(root: string, orm: OrmName): string[] {
  const req = createProjectRequire(root);
  return Object.keys(ormDependencies(orm)).filter(
    (name) =>
      !(req.resolve.paths(name) ?? []).some((dir) =>
        fs.existsSync(path.join(dir, name, 'package.json')),
      ),
  );
}

/**
 * After "orm" changed in appgen.config.json, the project may lack the new ORM's packages: say
 * which `npm install` adds them (the versions appgen was verified with) instead of failing deep
 * inside a database push or a build.
 */
export function assertOrmInstalled(root: string, orm: OrmName): void {
  const missing = missingOrmPackages(root, orm);
  if (missing.length === 0) return;
  const specs = missing.map((name) => `${name}@${ormDependencies(orm)[name]}`).join(' ');
  throw new UserError(
    `appgen.config.json says "orm": "${orm}", but this project does not have ${missing.join(', ')} installed.`,
    `run: npm install --save-exact ${specs}\n     then run the command again (the other ORM's packages can stay or be removed with npm uninstall).`,
  );
}
