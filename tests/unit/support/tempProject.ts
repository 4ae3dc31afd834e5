import fs from 'fs';
import os from 'os';
import path from 'path';

/** File path (relative, forward slashes) → content; objects are written as pretty JSON. */
export type ProjectFiles = Record<string, unknown>;

const created: string[] = [];

/** A fresh empty folder under the system temp dir, removed by `removeTempProjects`. */
export function makeTempDir(prefix = 'appgen-unit-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

export function removeTempProjects(): void {
  while (created.length) fs.rmSync(created.pop() as string, { recursive: true, force: true });
}

export function writeFiles(root: string, files: ProjectFiles): void {
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(root, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(
      target,
      typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`,
    );
  }
}

/** A project folder holding the given files (use `minimalProject()` for a valid starting point). */
export function makeProject(files: ProjectFiles): string {
  const root = makeTempDir();
  writeFiles(root, files);
  return root;
}

/** A copy of a folder (e.g. an example) in a temp dir. */
export function copyToTemp(source: string): string {
  const root = makeTempDir();
  fs.cpSync(source, root, { recursive: true });
  return root;
}

/** Every file under `root` (relative path → content), sorted by path. */
export function readTree(
  root: string,
  options: { exclude?: (relative: string) => boolean } = {},
): Map<string, string> {
  const files: Array<[string, string]> = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      if (options.exclude?.(relative)) continue;
      if (entry.isDirectory()) walk(full);
      else files.push([relative, fs.readFileSync(full, 'utf8')]);
    }
  };
  if (fs.existsSync(root)) walk(root);
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(files);
}

/** Every file and folder under `root` with its content (files) and modification time. */
export function snapshotTree(
  root: string,
): Array<{ path: string; content: string | null; mtimeMs: number }> {
  const entries: Array<{ path: string; content: string | null; mtimeMs: number }> = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const stat = fs.statSync(full);
      const relative = path.relative(root, full).split(path.sep).join('/');
      entries.push({
        path: relative,
        content: entry.isDirectory() ? null : fs.readFileSync(full, 'utf8'),
        mtimeMs: stat.mtimeMs,
      });
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(root);
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
