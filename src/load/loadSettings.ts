import path from 'path';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from './configDocument';
import { pathKind } from './pathKind';
import { layoutProblem } from './projectLayout';
import { readDocument } from './readDocument';

export const SETTINGS_FILE = 'appgen.config.json';

/** The project's settings file as read: its document (absent when there is no file or it is not JSON) and why not. */
export interface LoadedSettings {
  document?: ConfigDocument;
  problems: Diagnostic[];
}

/** Reads appgen.config.json once; a command passes the result on instead of reading it again. */
export function loadSettings(root: string): LoadedSettings {
  const problems: Diagnostic[] = [];
  if (pathKind(path.join(root, SETTINGS_FILE)) === 'missing') return { problems };
  const wrongKind = layoutProblem(root, SETTINGS_FILE);
  if (wrongKind) return { problems: [wrongKind] };
  return { document: readDocument(root, SETTINGS_FILE, 'settings', problems), problems };
}
