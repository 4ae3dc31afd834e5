import fs from 'fs';
import path from 'path';
import { formatWarnings } from '../diagnostics/formatDiagnostics';
import { loadProject } from '../load/loadProject';
import { mapProject } from '../map/mapProject';
import { buildFileMap } from '../render/buildFileMap';
import type { FileMap } from '../render/fileMap';
import type { RenderMemo } from '../render/renderMemo';
import { precompiledIn } from '../render/precompiledTemplates';
import { TemplateSet } from '../render/templateSet';
import { BUILTIN_TEMPLATES_DIR } from '../paths/packageRoot';
import { validateProject } from '../validate/validateProject';
import type { CheckedProject } from '../validate/checkedProject';
import { projectName } from '../project/projectName';
import type { GenerateOptions } from './generateProject';
import { leaveOutReplaceableIfOwn } from './ownReplaceableFiles';
import {
  leaveOutConventionsIfOwn,
  warnAboutProxyCors,
  warnAboutProxyRecords,
  warnIfWorkerNotStarted,
} from './ownFileConventions';
import { warnAboutTemplates } from './warnAboutTemplates';
import { warnOnStderr } from './warnings';

// The pipeline itself, in a module of its own: generateProject.ts loads it (with ajv and
// Handlebars, ~0.1 s of module loading) only when the generation cache cannot answer.

/** The last template set made, by the salt of the render memo (which hashes every template file). */
let lastTemplates: { root: string; salt: string; set: TemplateSet } | undefined;

/**
 * The built-in and the project's templates, compiled when first used. Kept between runs of one
 * process (`appgen dev`) while the memo's salt, a hash of every template file, is the same.
 */
function templateSet(root: string, salt: string | undefined): TemplateSet {
  if (salt !== undefined && lastTemplates?.root === root && lastTemplates.salt === salt)
    return lastTemplates.set;
  const projectTemplates = path.join(root, 'templates');
  const set = new TemplateSet(
    BUILTIN_TEMPLATES_DIR,
    fs.existsSync(projectTemplates) ? projectTemplates : undefined,
    // The built-in templates as `npm run build` compiled them (none under ts-node or jest).
    precompiledIn(),
  );
  lastTemplates = salt === undefined ? undefined : { root, salt, set };
  return set;
}

/** The project's config at `root`, loaded and checked (ConfigError on a mistake). */
export function checkedProjectAt(
  root: string,
  settings?: GenerateOptions['settings'],
): CheckedProject {
  return validateProject(loadProject(root, settings?.loaded), settings?.checked);
}

/**
 * Config → FileMap, writing nothing: its side effects are warnings (through `options.warn`)
 * about the project's templates and its own proxy file (or .env.example). Throws ConfigError or TemplateError.
 */
export function buildProjectFiles(
  options: Omit<GenerateOptions, 'dryRun'>,
  memo?: RenderMemo,
): FileMap {
  const checked = checkedProjectAt(options.root, options.settings);
  const warn = options.warn ?? warnOnStderr;
  if (checked.warnings.length > 0) warn(formatWarnings(checked.warnings));
  const context = mapProject(checked, {
    provider: options.provider,
    defaultDatabaseUrl: options.defaultDatabaseUrl,
    appName: projectName(options.root),
  });
  warnAboutTemplates(options.root, BUILTIN_TEMPLATES_DIR, options.warn);
  const files = buildFileMap(context, templateSet(options.root, memo?.salt), memo);
  leaveOutConventionsIfOwn(options.root, files, warn);
  leaveOutReplaceableIfOwn(options.root, files, warn);
  warnIfWorkerNotStarted(options.root, context.hasOutbox, warn);
  warnAboutProxyCors(options.root, context.cors !== null, files.get('src/proxy.ts'), warn);
  warnAboutProxyRecords(
    options.root,
    context.missingRecords.pages.length > 0,
    files.get('src/proxy.ts'),
    warn,
  );
  return files;
}
