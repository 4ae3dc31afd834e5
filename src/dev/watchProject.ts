import chokidar from 'chokidar';
import path from 'path';

const FOLDERS = ['config', 'templates'];
const ROOT_FILES = ['appgen.config.json', '.env'];

export interface WatchOptions {
  /** Changes closer together than this make one call. */
  debounceMs?: number;
  /** Called once the existing files are scanned: changes from then on are seen. */
  onReady?: () => void;
  /** A folder that cannot be watched (permissions, too many watches); watching goes on. */
  onError?: (error: unknown) => void;
  /** A change of this file (absolute path) is appgen dev's own, not a save: no call for it. */
  isOwnChange?: (file: string) => boolean;
}

/** Only config/, templates/ and the two settings files count; nothing else is even scanned. */
function isIgnored(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  if (relative === '') return false;
  const [top] = relative.split(path.sep);
  return !FOLDERS.includes(top) && !ROOT_FILES.includes(relative);
}

/**
 * Calls `onChange` (debounced) when anything under the project's config/ or templates/ folder,
 * or its settings or .env file, is written, renamed, created or deleted, including folders created
 * after the start (templates/ by `appgen templates eject`).
 *
 * chokidar rather than fs.watch: Node's fs.watch follows an inode on Linux, so after an editor's
 * safe write (write a temp file, rename it over the original), `sed -i` or `mv` the watch is left
 * on a file that no longer exists and later saves go unseen. chokidar watches directories and
 * re-attaches after renames (its `atomic` handling), and is plain JavaScript (no native build).
 * Returns a function that stops watching.
 */
export function watchProject(
  root: string,
  onChange: () => void,
  options: WatchOptions = {},
): () => Promise<void> {
  // 50 ms: an editor's "save all" or a git checkout writes its files within a few milliseconds of
  // each other, and every save waits this long before appgen starts (120 ms before issue 20's
  // seventh pass; webpack's watcher waits 20 ms). A save that comes later makes one more run.
  const debounceMs = options.debounceMs ?? 50;
  let timer: NodeJS.Timeout | undefined;
  const trigger = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  };
  const watcher = chokidar.watch(root, {
    ignoreInitial: true,
    ignored: (file) => isIgnored(root, file),
    followSymlinks: false,
  });
  watcher.on('all', (_event, file) => {
    if (!options.isOwnChange?.(path.resolve(root, file))) trigger();
  });
  watcher.on('error', (error) => options.onError?.(error));
  if (options.onReady) watcher.once('ready', options.onReady);
  return async () => {
    clearTimeout(timer);
    await watcher.close();
  };
}
