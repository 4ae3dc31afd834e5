import fs from 'fs';
import path from 'path';
import { formatWarnings } from '../diagnostics/formatDiagnostics';
import { loadProject } from '../load/loadProject';
import { mapProject } from '../map/mapProject';
import { buildFileMap } from '../render/buildFileMap';
import type { FileMap } from '../render/fileMap';
import type { RenderMemo } from '../render/renderMemo';
import { TemplateSet } from '../render/templateSet';
import { BUILTIN_TEMPLATES_DIR } from '../paths/packageRoot';
import { validateProject } from '../validate/validateProject';
import type { GenerateOptions } from './generateProject';
import { leaveOutProxyIfOwn } from './ownProxyFile';
import { warnAboutTemplates, warnOnStderr } from './warnAboutTemplates';

// The pipeline itself, in a module of its own: generateProject.ts loads it (with ajv and
// Handlebars, ~0.1 s of module loading) only when the generation cache cannot answer.

/**
 * Config → FileMap, writing nothing: its side effects are warnings (through `options.warn`)
 * about the project's templates and its own proxy file. Throws ConfigError or TemplateError.
 */
export function buildProjectFiles(
  options: Omit<GenerateOptions, 'dryRun'>,
  memo?: RenderMemo,
): FileMap {
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
  const files = buildFileMap(context, templates, memo);
  leaveOutProxyIfOwn(options.root, files, warn);
  return files;
}
