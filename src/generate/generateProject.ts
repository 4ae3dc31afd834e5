import fs from 'fs';
import path from 'path';
import { loadProject } from '../load/loadProject';
import type { DatabaseProvider } from '../map/contexts';
import { mapProject } from '../map/mapProject';
import { buildFileMap } from '../render/buildFileMap';
import type { FileMap } from '../render/fileMap';
import { TemplateSet } from '../render/templateSet';
import { BUILTIN_TEMPLATES_DIR } from '../paths/packageRoot';
import { validateProject } from '../validate/validateProject';
import { applyPlan } from '../write/applyPlan';
import { planWrite, WritePlan } from '../write/planWrite';
import { leaveOutProxyIfOwn } from './ownProxyFile';
import { warnAboutTemplates, warnOnStderr, type Warn } from './warnAboutTemplates';

export interface GenerateOptions {
  root: string;
  provider: DatabaseProvider;
  defaultDatabaseUrl: string;
  /** Plan only: report what would change, write nothing. */
  dryRun?: boolean;
  /** Where the one warning block about the project's templates/ goes; stderr by default. */
  warn?: Warn;
}

export interface GenerateResult {
  files: FileMap;
  plan: WritePlan;
}

/**
 * Config → FileMap, writing nothing: its side effects are warnings (through `options.warn`)
 * about the project's templates and its own proxy file. Throws ConfigError or TemplateError.
 */
export function buildProjectFiles(options: Omit<GenerateOptions, 'dryRun'>): FileMap {
  const checked = validateProject(loadProject(options.root));
  const context = mapProject(checked, { provider: options.provider, defaultDatabaseUrl: options.defaultDatabaseUrl });
  const projectTemplates = path.join(options.root, 'templates');
  warnAboutTemplates(options.root, BUILTIN_TEMPLATES_DIR, options.warn);
  const templates = new TemplateSet(BUILTIN_TEMPLATES_DIR, fs.existsSync(projectTemplates) ? projectTemplates : undefined);
  const files = buildFileMap(context, templates);
  leaveOutProxyIfOwn(options.root, files, options.warn ?? warnOnStderr);
  return files;
}

/**
 * The whole pipeline: load, validate, map, render in memory, then (unless dry-run) write only
 * what changed. Every failure happens before the first write.
 */
export function generateProject(options: GenerateOptions): GenerateResult {
  const files = buildProjectFiles(options);
  const plan = planWrite(options.root, files);
  if (!options.dryRun) applyPlan(options.root, plan);
  return { files, plan };
}
