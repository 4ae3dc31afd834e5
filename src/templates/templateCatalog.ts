import fs from 'fs';
import path from 'path';
import { closestMatch } from '../diagnostics/didYouMean';
import type { FileOwner } from '../render/fileMap';
import { TEMPLATE_REGISTRY } from '../render/templateRegistry';
import { isRuntimeFile, listTemplateFiles, partialName, type TemplateSource } from '../render/templateSet';
import { EjectionRecord, readEjectionRecord, templateHash } from './ejectionRecord';
import { partialUsage, type PartialUse } from './partialUsage';

/** Where a template comes from for this project. */
export type TemplateState = 'built-in' | 'overridden' | 'project';

export interface CatalogEntry {
  /** Path under templates/, e.g. `src/app/layout.tsx.hbs`, `partials/view/element.hbs`. */
  name: string;
  state: TemplateState;
  /** Templates: what they produce, the context they receive and who owns the output. */
  produces?: string;
  context?: string;
  owner?: FileOwner;
  /** Partials: the name to include them by (`view/element`) and where they are included. */
  partial?: string;
  usedBy?: PartialUse[];
  /**
   * Overridden or project templates that were ejected: whether the built-in changed since
   * (`removed` when it no longer exists). Absent when appgen has no record of an ejection.
   */
  builtinChange?: 'unchanged' | 'changed' | 'removed';
  /** appgen version the copy was ejected from (or last accepted with). */
  ejectedFrom?: string;
  /** A syntax error that keeps the file from being read. */
  problem?: string;
}

/** A file in the project's templates/ folder that generate does not use. */
export interface IgnoredTemplateFile {
  name: string;
  reason: string;
  suggestion?: string;
}

export interface TemplateCatalog {
  builtinDir: string;
  /** The project's templates/ folder (it may not exist). */
  projectDir: string;
  templates: CatalogEntry[];
  partials: CatalogEntry[];
  ignored: IgnoredTemplateFile[];
  /** Why templates/.appgen-templates.json could not be read, if it could not. */
  recordProblem?: string;
}

/** Every file under the project's templates/, relative; dotfiles (appgen's record among them) aside. */
function projectFiles(projectDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name.endsWith('.appgen-tmp')) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else found.push(path.relative(projectDir, file).split(path.sep).join('/'));
    }
  };
  if (fs.existsSync(projectDir)) walk(projectDir);
  return found.sort();
}

function ignoredReason(name: string, builtinTemplates: string[]): IgnoredTemplateFile | undefined {
  if (name.startsWith('create/')) return { name, reason: 'templates/create/ is not used by generate (create-appgen copies those files once)' };
  if (builtinTemplates.includes(name)) return undefined;
  const runtime = name.replace(/\.hbs$/, '');
  if (name.endsWith('.hbs') && isRuntimeFile(runtime) && builtinTemplates.includes(runtime)) {
    // A template that had no Handlebars in it became a runtime file (docs/templates.md, "Runtime files").
    return { name, reason: `the built-in is now the plain file templates/${runtime}, copied as it is: rename your copy (its text is used as it is, without Handlebars)`, suggestion: runtime };
  }
  if (!name.endsWith('.hbs')) {
    const suggestion = builtinTemplates.includes(`${name}.hbs`) || name.startsWith('partials/') ? `${name}.hbs` : undefined;
    return { name, reason: 'not a .hbs file, so it is not a template', suggestion };
  }
  if (partialName(name) !== undefined || builtinTemplates.includes(name)) return undefined;
  return { name, reason: 'no built-in template has this path, so it replaces nothing (new partials go under templates/partials/)', suggestion: closestMatch(name, builtinTemplates) };
}

function readRecord(projectDir: string): { record: EjectionRecord; problem?: string } {
  try {
    return { record: readEjectionRecord(projectDir) };
  } catch (error) {
    return { record: { version: 1, templates: {} }, problem: (error as Error).message };
  }
}

/**
 * Every built-in template and partial, and what the project's templates/ folder does to them:
 * overrides (and whether their built-in changed since ejection), new partials, and files that
 * generate ignores. Reads files only; a project template with a syntax error is listed with it
 * (with `usage: false`, partials' use and syntax errors are not looked up).
 */
export function templateCatalog(root: string, builtinDir: string, options: { usage?: boolean } = {}): TemplateCatalog {
  const projectDir = path.join(root, 'templates');
  const builtins = listTemplateFiles(builtinDir, 'built-in');
  const builtinByName = new Map(builtins.map((source) => [source.name, source]));
  const project = listTemplateFiles(projectDir, 'project');
  const projectNames = new Set(project.map((source) => source.name));
  const effective = new Map<string, TemplateSource>([...builtins, ...project].map((source) => [source.name, source]));
  const { record, problem: recordProblem } = readRecord(projectDir);
  // Reading every template for partial use is for `list`; generate's notices skip it.
  const { uses, problems } = options.usage === false ? { uses: new Map<string, PartialUse[]>(), problems: new Map<string, string>() } : partialUsage([...effective.values()]);

  const entry = (name: string): CatalogEntry => {
    const builtin = builtinByName.get(name);
    const state: TemplateState = !projectNames.has(name) ? 'built-in' : builtin ? 'overridden' : 'project';
    const result: CatalogEntry = { name, state };
    const ejected = state === 'built-in' ? undefined : record.templates[name];
    if (ejected) {
      result.ejectedFrom = ejected.appgenVersion;
      result.builtinChange = !builtin ? 'removed' : templateHash(fs.readFileSync(builtin.file, 'utf8')) === ejected.sha256 ? 'unchanged' : 'changed';
    }
    const problem = problems.get(name);
    if (problem) result.problem = problem;
    return result;
  };

  const builtinTemplates = builtins.map((source) => source.name).filter((name) => partialName(name) === undefined);
  const registered = new Set(TEMPLATE_REGISTRY.map((item) => item.template));
  const templates = [
    ...TEMPLATE_REGISTRY.map((item) => ({ ...entry(item.template), produces: item.produces, context: item.context, owner: item.owner })),
    ...builtinTemplates.filter((name) => !registered.has(name)).map(entry),
  ];
  const partials = [...effective.keys()]
    .filter((name) => partialName(name) !== undefined)
    .sort()
    .map((name) => ({ ...entry(name), partial: partialName(name), usedBy: uses.get(partialName(name) as string) ?? [] }));
  const ignored = projectFiles(projectDir)
    .map((name) => ignoredReason(name, builtinTemplates))
    .filter((item): item is IgnoredTemplateFile => item !== undefined);
  return { builtinDir, projectDir, templates, partials, ignored, ...(recordProblem ? { recordProblem } : {}) };
}
