import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type { OrmName } from '../config/configTypes';
import { devSessionSecret } from '../config/devSessionSecret';
import { UserError } from '../diagnostics/diagnostic';
import { packageNameProblem } from './packageName';
import { projectFiles } from './projectFiles';

export interface CreateProjectOptions {
  /** Folder to create; its base name becomes the package name. */
  directory: string;
  orm: OrmName;
  appgen: string;
  /** Adds files to the project before it is moved into place (e.g. the packed appgen). */
  addFiles?: (folder: string) => void;
}

function checkTarget(directory: string): void {
  if (!fs.existsSync(directory)) return;
  if (!fs.statSync(directory).isDirectory()) {
    throw new UserError(`${directory} exists and is not a folder`, 'choose another project name.');
  }
  const entries = fs.readdirSync(directory).filter((entry) => entry !== '.git');
  if (entries.length > 0) {
    throw new UserError(
      `${directory} is not empty (it has ${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''})`,
      'choose a new folder name, or empty that folder first; create-appgen never writes into a folder with files.',
    );
  }
}

/**
 * Writes a new project into a temporary sibling folder, then moves it into place, so a failure
 * never leaves a half-written project behind.
 */
export function createProject(options: CreateProjectOptions): string {
  const directory = path.resolve(options.directory);
  const name = path.basename(directory);
  const problem = packageNameProblem(name);
  if (problem) {
    throw new UserError(
      `"${name}" cannot be the project's package name: ${problem}`,
      `choose a folder name like "${
        name
          .toLowerCase()
          .replace(/[^a-z0-9._~-]+/g, '-')
          .replace(/^[._-]+/, '') || 'my-app'
      }".`,
    );
  }
  checkTarget(directory);
  const parent = path.dirname(directory);
  fs.mkdirSync(parent, { recursive: true });
  const staging = fs.mkdtempSync(path.join(parent, `.${name}-creating-`));
  try {
    const sessionSecret = devSessionSecret(crypto.randomBytes(32).toString('base64url'));
    for (const [file, content] of projectFiles({
      name,
      orm: options.orm,
      appgen: options.appgen,
      sessionSecret,
    })) {
      const target = path.join(staging, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, content);
    }
    options.addFiles?.(staging);
    if (fs.existsSync(directory)) {
      // An existing empty folder (perhaps the current one, `create-appgen .`) is kept, not
      // replaced: a shell or editor inside it would otherwise be left in a deleted folder.
      for (const entry of fs.readdirSync(staging))
        fs.renameSync(path.join(staging, entry), path.join(directory, entry));
      fs.rmdirSync(staging);
    } else {
      fs.renameSync(staging, directory);
    }
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return directory;
}
