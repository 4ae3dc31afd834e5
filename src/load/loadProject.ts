import fs from 'fs';
import path from 'path';
import { ConfigError, Diagnostic, UserError } from '../diagnostics/diagnostic';
import type { ConfigKind, LoadedProject } from './configDocument';
import { loadSettings, type LoadedSettings } from './loadSettings';
import { pathKind } from './pathKind';
import { layoutProblem } from './projectLayout';
import { readDocument } from './readDocument';

const FOLDERS: Array<{ folder: string; kind: Exclude<ConfigKind, 'settings'> }> = [
  { folder: 'config/models', kind: 'model' },
  { folder: 'config/routes', kind: 'routes' },
  { folder: 'config/views', kind: 'view' },
  { folder: 'config/events', kind: 'events' },
  { folder: 'config/jobs', kind: 'jobs' },
];

function listJsonFiles(root: string, folder: string, problems: Diagnostic[]): string[] {
  const dir = path.join(root, folder);
  if (pathKind(dir) === 'missing') return [];
  const wrongKind = layoutProblem(root, folder);
  if (wrongKind) {
    problems.push(wrongKind);
    return [];
  }
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = `${folder}/${entry.name}`;
    const entryKind = pathKind(path.join(dir, entry.name));
    if (entryKind === 'file' && entry.name.endsWith('.json')) {
      files.push(file);
    } else if (entryKind === 'folder' && entry.name.endsWith('.json')) {
      problems.push({
        file,
        jsonPath: '',
        message: `${file} is a folder; appgen reads the .json files of ${folder}/, not folders`,
        hint: `move the folder out of ${folder}/, or replace it with the JSON file it was meant to be.`,
      });
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
  const config = pathKind(path.join(root, 'config'));
  if (config === 'missing') {
    throw new UserError(
      `no config/ folder in ${root}`,
      'run appgen in a project created by create-appgen, or pass --cwd <project folder>.',
    );
  }
  const wrongKind = layoutProblem(root, 'config');
  if (wrongKind) throw new ConfigError([wrongKind]);
  const { document, problems: settingsProblems } = settings ?? loadSettings(root);
  const problems: Diagnostic[] = [...settingsProblems];
  const project: LoadedProject = {
    root,
    models: [],
    routes: [],
    views: [],
    events: [],
    jobs: [],
    problems,
  };
  if (document) project.settings = document;
  const byKind = {
    model: project.models,
    routes: project.routes,
    view: project.views,
    events: project.events,
    jobs: project.jobs,
  };
  for (const { folder, kind } of FOLDERS) {
    for (const file of listJsonFiles(root, folder, problems)) {
      const document = readDocument(root, file, kind, problems);
      if (document) byKind[kind].push(document);
    }
  }
  return project;
}
