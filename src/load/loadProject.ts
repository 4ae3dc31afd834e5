import fs from 'fs';
import path from 'path';
import { Diagnostic, UserError } from '../diagnostics/diagnostic';
import type { ConfigDocument, ConfigKind, LoadedProject } from './configDocument';
import { JsonSyntaxError, parseJsonWithPositions } from './parseJsonWithPositions';

export const SETTINGS_FILE = 'appgen.config.json';

const FOLDERS: Array<{ folder: string; kind: Exclude<ConfigKind, 'settings'> }> = [
  { folder: 'config/models', kind: 'model' },
  { folder: 'config/routes', kind: 'routes' },
  { folder: 'config/views', kind: 'view' },
  { folder: 'config/events', kind: 'events' },
];

function readDocument(
  root: string,
  file: string,
  kind: ConfigKind,
  problems: Diagnostic[],
): ConfigDocument | undefined {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  try {
    const { value, positions } = parseJsonWithPositions(text);
    return { kind, file, value, positions };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    problems.push({
      file,
      jsonPath: '',
      location: error.location,
      message: error.hint ? error.message : `invalid JSON: ${error.message}`,
      hint:
        error.hint ??
        'config files are strict JSON: double-quoted names and strings, no comments, no trailing commas.',
    });
    return undefined;
  }
}

function listJsonFiles(root: string, folder: string, problems: Diagnostic[]): string[] {
  const dir = path.join(root, folder);
  if (!fs.existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = `${folder}/${entry.name}`;
    if (entry.isFile() && entry.name.endsWith('.json')) {
      files.push(file);
    } else if (!entry.name.startsWith('.')) {
      problems.push({
        file,
        jsonPath: '',
        message: `only .json files belong in ${folder}/, found "${entry.name}"`,
        hint: `move it out of ${folder}/, or rename it to end in .json if it is config.`,
      });
    }
  }
  return files.sort();
}

/**
 * Reads every config file of the project at `root`. Files that are not valid JSON are collected
 * in `problems` (validation reports them with everything else it finds); nothing is validated
 * against schemas yet.
 */
export function loadProject(root: string): LoadedProject {
  if (!fs.existsSync(path.join(root, 'config'))) {
    throw new UserError(
      `no config/ folder in ${root}`,
      'run appgen in a project created by create-appgen, or pass --cwd <project folder>.',
    );
  }
  const problems: Diagnostic[] = [];
  const project: LoadedProject = { root, models: [], routes: [], views: [], events: [], problems };
  if (fs.existsSync(path.join(root, SETTINGS_FILE))) {
    project.settings = readDocument(root, SETTINGS_FILE, 'settings', problems);
  }
  const byKind = {
    model: project.models,
    routes: project.routes,
    view: project.views,
    events: project.events,
  };
  for (const { folder, kind } of FOLDERS) {
    for (const file of listJsonFiles(root, folder, problems)) {
      const document = readDocument(root, file, kind, problems);
      if (document) byKind[kind].push(document);
    }
  }
  return project;
}
