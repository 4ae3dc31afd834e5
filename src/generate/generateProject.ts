import fs from 'fs';
import path from 'path';
import { formatWarnings } from '../diagnostics/formatDiagnostics';
import { loadProject } from '../load/loadProject';
import type { DatabaseProvider } from '../map/contexts';
import { mapProject } from '../map/mapProject';
import type { CommandContext } from '../project/commandContext';
import { buildFileMap } from '../render/buildFileMap';
import type { FileMap } from '../render/fileMap';
import { TemplateSet } from '../render/templateSet';
import { BUILTIN_TEMPLATES_DIR } from '../paths/packageRoot';
import { validateProject } from '../validate/validateProject';
import { planWrite, WritePlan } from '../write/planWrite';
import type { WriteFs } from '../write/writeFs';
import { findPendingRun, PendingRun, writeProjectFiles } from '../write/writeProjectFiles';
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
  /** The file operations that change the project (tests pass their own to count or stop them). */
  writeFs?: WriteFs;
  /** appgen.config.json as the command read and checked it; read here when absent. */
  settings?: CommandContext['settings'];
}

export interface GenerateResult {
  files: FileMap;
  plan: WritePlan;
  /** What a killed run had left: finished and removed before planning, or (dry run) still there. */
  pending: PendingRun;
}

/**
 * Config → FileMap, writing nothing: its side effects are warnings (through `options.warn`)
 * about the project's templates and its own proxy file. Throws ConfigError or TemplateError.
 */
export function buildProjectFiles(options: Omit<GenerateOptions, 'dryRun'>): FileMap {
  const { settings } = options;
  const checked = validateProject(loadProject(options.root, settings?.loaded), settings?.checked);
  const warn = options.warn ?? warnOnStderr;
  if (checked.warnings.length > 0) warn(formatWarnings(checked.warnings));
  const context = mapProject(checked, {
    provider: options.provider,
    defaultDatabaseUrl: options.defaultDatabaseUrl,
  });
  const projectTemplates = path.join(options.root, 'templates');
  warnAboutTemplates(options.root, BUILTIN_TEMPLATES_DIR, options.warn);
  const templates = new TemplateSet(
    BUILTIN_TEMPLATES_DIR,
    fs.existsSync(projectTemplates) ? projectTemplates : undefined,
  );
  const files = buildFileMap(context, templates);
  leaveOutProxyIfOwn(options.root, files, warn);
  return files;
}

/**
 * The whole pipeline: load, validate, map, render in memory, then (unless dry-run) write only
 * what changed. A config or template error happens before anything is touched; a file in the way
 * is found after a killed earlier run was finished (the plan needs the whole tree), before any write of this run.
 */
export function generateProject(options: GenerateOptions): GenerateResult {
  const files = buildProjectFiles(options);
  if (options.dryRun)
    return { files, plan: planWrite(options.root, files), pending: findPendingRun(options.root) };
  return { files, ...writeProjectFiles(options.root, files, options.writeFs) };
}
