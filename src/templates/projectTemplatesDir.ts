import fs from 'fs';
import path from 'path';
import { UserError } from '../diagnostics/diagnostic';

/**
 * The templates/ folder of the project at `root`, for commands that write there: refuses a
 * folder that is no appgen project, so a wrong --cwd does not scatter templates around.
 */
export function projectTemplatesDir(root: string): string {
  if (!fs.existsSync(path.join(root, 'config'))) {
    throw new UserError(`no config/ folder in ${root}`, 'run appgen in a project created by create-appgen, or pass --cwd <project folder>.');
  }
  return path.join(root, 'templates');
}
