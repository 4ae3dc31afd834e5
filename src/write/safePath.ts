import path from 'path';

/** Joins a relative output path to the project root, refusing anything that would leave it. */
export function resolveInside(root: string, relative: string): string {
  if (
    path.isAbsolute(relative) ||
    relative.split(/[\\/]/).some((part) => part === '..' || part === '')
  ) {
    throw new Error(`refusing to write outside the project: ${relative}`);
  }
  const full = path.resolve(root, relative);
  const base = path.resolve(root);
  if (!full.startsWith(base + path.sep))
    throw new Error(`refusing to write outside the project: ${relative}`);
  return full;
}
