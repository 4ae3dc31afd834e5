import fs from 'fs';
import path from 'path';

/**
 * Calls `onChange` (debounced) when anything under the project's config/ or templates/ folder,
 * or its settings or .env file, changes. Returns a function that stops watching.
 */
export function watchProject(root: string, onChange: () => void, debounceMs = 120): () => void {
  let timer: NodeJS.Timeout | undefined;
  const trigger = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  };
  const watchers: fs.FSWatcher[] = [];
  for (const folder of ['config', 'templates']) {
    const dir = path.join(root, folder);
    if (fs.existsSync(dir)) watchers.push(fs.watch(dir, { recursive: true }, trigger));
  }
  // Files at the root: watch the root itself (not recursively) and filter by name, which also
  // catches a settings file or templates/ folder created after start.
  watchers.push(
    fs.watch(root, (_event, name) => {
      if (name === 'appgen.config.json' || name === '.env' || name === 'templates') trigger();
    }),
  );
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
