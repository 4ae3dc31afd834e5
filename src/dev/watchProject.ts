import fs from 'fs';
import path from 'path';

const FOLDERS = ['config', 'templates'];
const ROOT_FILES = ['appgen.config.json', '.env'];

/**
 * Calls `onChange` (debounced) when anything under the project's config/ or templates/ folder,
 * or its settings or .env file, changes. A folder created after the start (e.g. templates/ by
 * `appgen templates eject`) is watched from then on. Returns a function that stops watching.
 */
export function watchProject(root: string, onChange: () => void, debounceMs = 120): () => void {
  let timer: NodeJS.Timeout | undefined;
  const trigger = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  };
  const folderWatchers = new Map<string, fs.FSWatcher>();
  const watchFolder = (folder: string) => {
    const dir = path.join(root, folder);
    if (folderWatchers.has(folder) || !fs.existsSync(dir)) return;
    folderWatchers.set(folder, fs.watch(dir, { recursive: true }, trigger));
  };
  FOLDERS.forEach(watchFolder);
  const rootWatcher = fs.watch(root, (_event, name) => {
    if (name && FOLDERS.includes(name)) {
      watchFolder(name);
      trigger();
    } else if (name && ROOT_FILES.includes(name)) {
      trigger();
    }
  });
  return () => {
    clearTimeout(timer);
    rootWatcher.close();
    for (const watcher of folderWatchers.values()) watcher.close();
  };
}
