import { ConfigError, Diagnostic } from '../../../src/diagnostics/diagnostic';
import type { ConfigDocument, ConfigKind, LoadedProject } from '../../../src/load/configDocument';
import { parseJsonWithPositions } from '../../../src/load/parseJsonWithPositions';
import type { CheckedProject } from '../../../src/validate/checkedProject';
import { validateProject } from '../../../src/validate/validateProject';
import type { ProjectFiles } from './tempProject';

const KIND_BY_FOLDER: Array<[string, ConfigKind]> = [
  ['config/models/', 'model'],
  ['config/routes/', 'routes'],
  ['config/views/', 'view'],
  ['config/events/', 'events'],
  ['config/jobs/', 'jobs'],
];

/** A config document as the load stage makes it, from an object or JSON text. */
export function configDocument(file: string, content: unknown): ConfigDocument {
  const kind =
    file === 'appgen.config.json'
      ? 'settings'
      : KIND_BY_FOLDER.find(([folder]) => file.startsWith(folder))?.[1];
  if (!kind) throw new Error(`not a config file: ${file}`);
  const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  const { value, positions } = parseJsonWithPositions(text);
  return { kind, file, value, positions };
}

/** The in-memory equivalent of loadProject for the given files (sorted by name, as on disk). */
export function loadedProject(files: ProjectFiles): LoadedProject {
  const project: LoadedProject = {
    root: '/project',
    models: [],
    routes: [],
    views: [],
    events: [],
    jobs: [],
    problems: [],
  };
  for (const file of Object.keys(files).sort()) {
    const document = configDocument(file, files[file]);
    if (document.kind === 'settings') project.settings = document;
    else if (document.kind === 'model') project.models.push(document);
    else if (document.kind === 'routes') project.routes.push(document);
    else if (document.kind === 'events') project.events.push(document);
    else if (document.kind === 'jobs') project.jobs.push(document);
    else project.views.push(document);
  }
  return project;
}

/** Runs the validate stage; returns the problems found (empty when the config is valid). */
export function problemsIn(files: ProjectFiles): Diagnostic[] {
  try {
    validateProject(loadedProject(files));
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.diagnostics;
    throw error;
  }
}

/** Runs the validate stage on config that must be valid. */
export function checkedProject(files: ProjectFiles): CheckedProject {
  return validateProject(loadedProject(files));
}

/** A readable one-line form of a problem for `toContain`-style assertions. */
export function describeProblem(d: Diagnostic): string {
  const where = d.location ? `${d.file}:${d.location.line}:${d.location.column}` : d.file;
  return `${where} ${d.jsonPath} | ${d.message} | ${d.hint ?? ''}`;
}
