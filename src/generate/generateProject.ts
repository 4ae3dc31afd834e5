import type { DatabaseProvider } from '../map/contexts';
import type { CommandContext } from '../project/commandContext';
import type { FileMap } from '../render/fileMap';
import { planWrite, type KnownOnDisk, WritePlan } from '../write/planWrite';
import { FolderListing } from '../write/walkFiles';
import type { WriteFs } from '../write/writeFs';
import { findPendingRun, PendingRun, writeProjectFiles } from '../write/writeProjectFiles';
import type * as Pipeline from './buildProjectFiles';
import { RenderMemo } from '../render/renderMemo';
import {
  cachedGeneration,
  lookUpAgain,
  lookUpCache,
  previousOutputs,
  type CacheRecord,
} from './runCache';
import { warnOnStderr, type Warn } from './warnings';

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
  /**
   * Skip rendering when the generation cache (.appgen/cache, src/generate/runCache.ts) shows
   * that nothing changed; the commands set it. The result is the same either way.
   */
  cache?: boolean;
}

export interface GenerateResult {
  files: FileMap;
  plan: WritePlan;
  /** What a killed run had left: finished and removed before planning, or (dry run) still there. */
  pending: PendingRun;
  /** A generation rendered in full, for the cache once its files are written (`storeGeneration`). */
  cacheRecord?: CacheRecord;
}

/**
 * Config → FileMap, writing nothing: its side effects are warnings (through `options.warn`)
 * about the project's templates and its own proxy file. Throws ConfigError or TemplateError.
 * Loads the pipeline's modules on first use (src/generate/buildProjectFiles.ts).
 */
export function buildProjectFiles(
  options: Omit<GenerateOptions, 'dryRun'>,
  memo?: RenderMemo,
): FileMap {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  pipeline ??= require('./buildProjectFiles') as typeof Pipeline;
  return pipeline.buildProjectFiles(options, memo);
}

let pipeline: typeof Pipeline | undefined;

/**
 * The whole pipeline: load, validate, map, render in memory, then (unless dry-run) write only
 * what changed. A config or template error happens before anything is touched; a file in the way
 * is found after a killed earlier run was finished (the plan needs the whole tree), before any write of this run.
 */
export function generateProject(options: GenerateOptions): GenerateResult {
  const { files, cacheRecord, known } = options.cache
    ? buildWithCache(options)
    : { files: buildProjectFiles(options) };
  if (options.dryRun) {
    // Nothing is written while planning: both steps share one listing of the tree.
    const listing = new FolderListing(options.root);
    return {
      files,
      plan: planWrite(options.root, files, known, listing),
      pending: findPendingRun(options.root, listing),
      cacheRecord,
    };
  }
  return { files, ...writeProjectFiles(options.root, files, options.writeFs), cacheRecord };
}

/**
 * `buildProjectFiles` through the cache: the same files and warnings, from disk when the inputs
 * and every generated file are as the last stored generation left them. Else the pipeline runs,
 * rendering only the outputs whose inputs changed (src/render/renderMemo.ts).
 */
function buildWithCache(options: GenerateOptions): {
  files: FileMap;
  cacheRecord?: CacheRecord;
  known?: KnownOnDisk;
} {
  const warn = options.warn ?? warnOnStderr;
  const lookup = lookUpCache(options.root, options);
  const { key } = lookup;
  const cached = cachedGeneration(options.root, lookup);
  if (cached) {
    for (const text of cached.warnings) warn(text);
    // Stored again when some stats were stale, so that the next run reads nothing.
    return { files: cached.files, known: cached.known, cacheRecord: cached.refresh };
  }
  const warnings: string[] = [];
  const memo = new RenderMemo(lookup.renderSalt, previousOutputs(options.root, lookup.stored));
  const files = buildProjectFiles(
    {
      ...options,
      warn: (text) => {
        warnings.push(text);
        warn(text);
      },
    },
    memo,
  );
  const known: KnownOnDisk = { unchanged: new Set(memo.reused.keys()), header: memo.reused };
  // Kept only when no input changed while the pipeline read them.
  const after = lookUpAgain(options, lookup);
  if (after.key !== key || after.renderSalt !== lookup.renderSalt) return { files, known };
  return {
    files,
    known,
    cacheRecord: {
      key,
      files: new Map(files),
      warnings,
      inputs: after.inputs,
      headers: memo.reused,
      renders: memo.records,
      verified: memo.verified,
    },
  };
}
