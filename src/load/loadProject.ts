import fs from 'fs';
import path from 'path';
import { Diagnostic, UserError } from '../diagnostics/diagnostic';
import type { ConfigKind, LoadedProject } from './configDocument';
import { loadSettings, type LoadedSettings } from './loadSettings';
import { readDocument } from './readDocument';

const FOLDERS: Array<{ folder: string; kind: Exclude<ConfigKind, 'settings'> }> = [
  { folder: 'config/models', kind: 'model' },
  { folder: 'config/routes', kind: 'routes' },
  { folder: 'config/views', kind: 'view' },
  { folder: 'config/events', kind: 'events' },
];

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
 * against schemas yet. `settings`: appgen.config.json as the command already read it (else it is
 * read here).
 */
export function loadProject(root: string, settings?: LoadedSettings): LoadedProject {
  if (!fs.existsSync(path.join(root, 'config'))) {
    throw new UserError(
      `no config/ folder in ${root}`,
      'run appgen in a project created by create-appgen, or pass --cwd <project folder>.',
    );
  }
  const { document, problems: settingsProblems } = settings ?? loadSettings(root);
  const problems: Diagnostic[] = [...settingsProblems];
  const project: LoadedProject = { root, models: [], routes: [], views: [], events: [], problems };
  if (document) project.settings = document;
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
