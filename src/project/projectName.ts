import fs from 'fs';
import path from 'path';

/**
 * The project's name: `name` in its package.json, or null without one (no file, not JSON, no
 * string there). Generated pages show it (the title, the home page's heading).
 */
export function projectName(root: string): string | null {
  try {
    const { name } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      name?: unknown;
    };
    return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
  } catch {
    return null;
  }
}
