import { execFileSync } from 'child_process';
import crypto from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { APP_BASE_DEPENDENCIES, APP_DEV_DEPENDENCIES, PRISMA_APP_DEPENDENCIES } from '../../../src/project/appDependencies';
import { REPO_ROOT } from './paths';

/**
 * One `npm install` of everything generated apps need, shared by every e2e scenario: projects
 * are created in sub-folders of it and resolve their packages from its node_modules (Node looks
 * in parent folders). Kept outside the repo so no other lockfile sits above the projects, and
 * keyed by the dependency list so a changed pin gets a fresh install.
 */
export function sharedInstallDir(): string {
  const dependencies = { ...APP_BASE_DEPENDENCIES, ...PRISMA_APP_DEPENDENCIES, ...APP_DEV_DEPENDENCIES, appgen: `file:${REPO_ROOT}` };
  const hash = crypto.createHash('sha256').update(JSON.stringify(dependencies)).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `appgen-e2e-${hash}`);
}

export function ensureSharedInstall(log: (line: string) => void = () => {}): string {
  const dir = sharedInstallDir();
  const marker = path.join(dir, 'node_modules', '.appgen-e2e-installed');
  if (fs.existsSync(marker)) return dir;
  const dependencies = { ...APP_BASE_DEPENDENCIES, ...PRISMA_APP_DEPENDENCIES, ...APP_DEV_DEPENDENCIES, appgen: `file:${REPO_ROOT}` };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'appgen-e2e', private: true, type: 'module', dependencies }, null, 2));
  log(`installing generated-app dependencies once into ${dir} ...`);
  const started = Date.now();
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  fs.writeFileSync(marker, new Date().toISOString());
  log(`installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return dir;
}
