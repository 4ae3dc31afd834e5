import path from 'path';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { pathKind } from './pathKind';

/** The paths of a project appgen reads or writes, and what each must be when it exists. */
const LAYOUT: Array<{ path: string; kind: 'file' | 'folder'; holds: string; fix?: string }> = [
  { path: 'appgen.config.json', kind: 'file', holds: "the project's settings (JSON)" },
  { path: '.env', kind: 'file', holds: 'the environment (KEY=value lines)' },
  { path: 'config', kind: 'folder', holds: 'config/models/, config/routes/, config/views/' },
  { path: 'config/models', kind: 'folder', holds: 'one .json file per model' },
  { path: 'config/routes', kind: 'folder', holds: '.json files of routes' },
  { path: 'config/views', kind: 'folder', holds: 'one .json file per page' },
  { path: 'config/events', kind: 'folder', holds: '.json files of events' },
  { path: 'config/jobs', kind: 'folder', holds: '.json files of scheduled jobs' },
  { path: 'templates', kind: 'folder', holds: "the project's own templates" },
  {
    path: '.appgen',
    kind: 'folder',
    holds: "appgen's manifest and cache",
    fix: 'move it away (or rename it): appgen creates the folder .appgen/ itself.',
  },
];

/**
 * The problem of one layout path that exists as the wrong kind (a folder where a file belongs,
 * or the other way round), or null. A user's mistake: a message and a fix, never a crash.
 */
export function layoutProblem(root: string, file: string): Diagnostic | null {
  const entry = LAYOUT.find((candidate) => candidate.path === file);
  if (!entry) throw new Error(`not a path of the project layout: ${file}`);
  const kind = pathKind(path.join(root, file));
  if (kind === 'missing' || kind === entry.kind) return null;
  const is = kind === 'folder' ? 'a folder' : kind === 'file' ? 'a file' : 'not a file or folder';
  return {
    file,
    jsonPath: '',
    message: `${file} is ${is}, and appgen needs a ${entry.kind} there: ${entry.holds}`,
    hint:
      entry.fix ??
      `move it away (or rename it), then create the ${entry.kind} ${file}${entry.kind === 'folder' ? '/' : ''}${file === 'appgen.config.json' || file === '.env' ? ', or leave it out' : ''}.`,
  };
}

/** Every layout path that exists as the wrong kind: checked once when a command starts. */
export function checkProjectLayout(root: string): Diagnostic[] {
  return LAYOUT.map((entry) => layoutProblem(root, entry.path)).filter(
    (problem): problem is Diagnostic => problem !== null,
  );
}
