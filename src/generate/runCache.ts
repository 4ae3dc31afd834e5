import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type { FileMap, FileOwner, PlannedFile } from '../render/fileMap';
import { hasGeneratedHeader } from '../render/header';
import type { FileOnDisk, FileStat, PreviousOutput, RenderRecord } from '../render/renderMemo';
import type { KnownOnDisk } from '../write/planWrite';
import { BUILTIN_TEMPLATES_DIR, PACKAGE_ROOT, SCHEMAS_DIR } from '../paths/packageRoot';
import { hasOwnFile, REPLACEABLE_FILES } from './ownReplaceableFiles';
import {
  instrumentationStartsServer,
  OWN_CONVENTION_FILES,
  proxyAddsCors,
} from './ownFileConventions';
import { sha256Hex } from '../hash/sha256Hex';
import { projectName } from '../project/projectName';

/**
 * The generation cache: an optimisation only, never a source of output. It remembers, for the
 * inputs of the last generation (every config file, the project's templates/ and settings, the
 * built-in templates, schemas and appgen's own code, the ORM and database URL kind, which proxy
 * and instrumentation files exist), the hash of each generated file and the warnings it printed.
 * When the inputs are the same and every generated file on disk still has its remembered hash, the
 * disk content *is* the content rendering would produce, so load, validate, map and render are
 * skipped; anything
 * else (a missing or edited output, other inputs, an unreadable or damaged cache) runs the whole
 * pipeline. Deleting it is always safe; it is not committed (created projects ignore it).
 *
 * A file's hash is taken again only when it may have changed: the cache keeps each input's and
 * output's size and modification time, and a file with both unchanged, last modified before the
 * cache file was written, keeps its remembered hash without being read (as git's index and make
 * do). A file modified in the same clock tick as the cache ("racy") is always read. A tool that
 * rewrites a file keeping its size and restoring its modification time defeats this: delete the
 * cache (.appgen/cache) after such a tool.
 */
export const CACHE_DIR = '.appgen/cache';
const CACHE_FILE = `${CACHE_DIR}/generate.json`;
/** Bump when the cache's shape or the meaning of its key changes. */
const FORMAT = 3;

export interface CacheInputs {
  root: string;
  provider: string;
  defaultDatabaseUrl: string;
}

/** An input file's hash as it was taken: [absolute path, size, mtimeMs, SHA-256]. */
type InputStat = [string, number, number, string];

/** What one generation leaves for the next: its key, its files, its warnings and its inputs' stats. */
export interface CacheRecord {
  key: string;
  files: FileMap;
  warnings: string[];
  inputs: InputStat[];
  /** Whether each generated file starts with appgen's header, when known without its content. */
  headers?: ReadonlyMap<string, boolean>;
  /** How each generated file was rendered (src/render/renderMemo.ts), for outputs of the next run. */
  renders?: ReadonlyMap<string, RenderRecord>;
  /**
   * Generated files this run found unchanged by their size and mtime (not read, not written):
   * those are stored again without another stat call.
   */
  verified?: ReadonlyMap<string, FileStat>;
}

interface StoredFile {
  path: string;
  owner: FileOwner;
  /** SHA-256 of a generated file's content; a user-owned file's content itself (it is small, and not compared). */
  value: string;
  /** A generated file: its size and mtimeMs once written, and whether it starts with the header. */
  size?: number;
  mtimeMs?: number;
  header?: boolean;
  /** How it was rendered: its render key and its reads, as an index into `StoredCache.reads`. */
  render?: [string, number];
  /** A user-owned file: the untouched scaffolds of other settings it replaces (`PlannedFile.replaces`). */
  replaces?: string[];
}

interface StoredCache {
  format: number;
  key: string;
  files: StoredFile[];
  warnings: string[];
  inputs: InputStat[];
  /** The distinct lists of reads of the project context (many outputs read the same). */
  reads: string[][];
  /** mtimeMs of the cache file itself: a file modified since (or in its clock tick) is read again. */
  writtenAt: number;
}

/** Remembered hashes of input files, by absolute path, and the time before which they hold. */
interface InputMemo {
  stats: ReadonlyMap<string, InputStat>;
  /**
   * A number: a time on the file system's clock (the cache file's mtime). A function: the time,
   * for a file with this mtime, read from the wall clock (`lookUpAgain`).
   */
  writtenAt: number | ((mtimeMs: number) => number);
  /** Every input hashed this time, for the next run. */
  seen: InputStat[];
  /** Some input was read (new, changed or racy): its stats are worth storing again. */
  reread: boolean;
}

/**
 * Whether a file still has the content it had when its size and mtime were recorded: both are
 * the same, and it was last modified before the cache was written (in the same clock tick, a
 * change could keep both: such a "racy" file is read).
 */
function unchangedSince(
  stat: fs.Stats,
  recorded: { size?: number; mtimeMs?: number },
  writtenAt: number,
): boolean {
  return (
    stat.size === recorded.size && stat.mtimeMs === recorded.mtimeMs && stat.mtimeMs < writtenAt
  );
}

/** The file's hash, read again only when its size or mtime changed or it is racy. */
function fileDigest(file: string, memo: InputMemo): string {
  const stat = fs.statSync(file);
  const known = memo.stats.get(file);
  let digest: string;
  const { writtenAt } = memo;
  const before = typeof writtenAt === 'number' ? writtenAt : writtenAt(stat.mtimeMs);
  if (known && unchangedSince(stat, { size: known[1], mtimeMs: known[2] }, before))
    digest = known[3];
  else {
    digest = sha256Hex(fs.readFileSync(file));
    memo.reread = true;
  }
  memo.seen.push([file, stat.size, stat.mtimeMs, digest]);
  return digest;
}

/** What of a folder is hashed: the files whose name `keep` accepts, outside the `skip` folders. */
interface FolderFilter {
  keep?: (name: string) => boolean;
  /** Folders (relative, forward slashes) not walked. */
  skip?: readonly string[];
}

/** Every file under `dir` (relative paths, sorted), dot files included; none when it is missing. */
function filesUnder(dir: string, { keep = () => true, skip = [] }: FolderFilter = {}): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!skip.includes(child)) walk(child);
      } else if (keep(entry.name)) found.push(`${entry.isFile() ? 'f' : 'o'}:${child}`);
    }
  };
  walk('');
  return found.sort();
}

/** Adds a folder's file names, kinds and contents (by their hashes) to the hash. */
function hashFolder(
  hash: crypto.Hash,
  label: string,
  dir: string,
  memo: InputMemo,
  filter?: FolderFilter,
) {
  hash.update(`\0folder\0${label}\0`);
  for (const entry of filesUnder(dir, filter)) {
    hash.update(`\0${entry}\0`);
    // Joined by hand: path.join's normalising was ~10 ms of a no-change run at N = 1000, and
    // `dir` is absolute and normal already (the same string on every run: the memo's key).
    if (entry.startsWith('f:')) hash.update(fileDigest(`${dir}/${entry.slice(2)}`, memo));
  }
}

let appgenItself: { digest: string; stats: InputStat[] } | undefined;

/**
 * appgen's own code, schemas and package.json: the same for the life of a process. Hashed with
 * the memo the first time (the files with unchanged stats are not read); later lookups of the
 * process add the same stats to theirs, so that a record stored after one still holds them.
 */
function appgenHash(memo: InputMemo): string {
  if (appgenItself === undefined) {
    const before = memo.seen.length;
    const hash = crypto.createHash('sha256');
    // src/ under ts-node or jest, dist/ when built: whichever this code runs from. Not the
    // precompiled templates (src/render/precompiledTemplates.ts): one is used only for the
    // template text, Handlebars version and rewrite code it was made from, all hashed here or
    // with the templates, so it renders what compiling would.
    hashFolder(hash, 'code', path.resolve(__dirname, '..'), memo, {
      keep: (name) => /\.(js|ts)$/.test(name) && !name.endsWith('.d.ts'),
      skip: ['render/precompiled'],
    });
    hashFolder(hash, 'schemas', SCHEMAS_DIR, memo);
    hash.update(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json')));
    // The Handlebars that compiles and runs the templates (package.json names only a range).
    hash.update(fs.readFileSync(require.resolve('handlebars/package.json')));
    appgenItself = { digest: hash.digest('hex'), stats: memo.seen.slice(before) };
  } else {
    memo.seen.push(...appgenItself.stats);
  }
  return appgenItself.digest;
}

/**
 * The key of a generation (a hash of everything `buildProjectFiles` reads or is given), and the
 * stats of the inputs hashed for it; files whose stats match `previous` (and are older than it)
 * are not read.
 */
function keyWithInputs(
  { root, provider, defaultDatabaseUrl }: CacheInputs,
  previous?: Pick<StoredCache, 'inputs'> & Pick<InputMemo, 'writtenAt'>,
): { key: string; renderSalt: string; inputs: InputStat[]; reread: boolean } {
  const memo: InputMemo = {
    stats: new Map((previous?.inputs ?? []).map((input) => [input[0], input])),
    writtenAt: previous?.writtenAt ?? 0,
    seen: [],
    reread: false,
  };
  // What rendering a context depends on besides the context: appgen's code (its helpers), the
  // templates, and Node's version (the helpers run on its JSON and regular expressions).
  const templates = crypto.createHash('sha256');
  templates.update(
    `appgen-render ${FORMAT}\0${process.version}\0${appgenHash(memo)}\0${BUILTIN_TEMPLATES_DIR}\0`,
  );
  hashFolder(templates, 'builtin templates', BUILTIN_TEMPLATES_DIR, memo);
  hashFolder(templates, 'templates', path.join(root, 'templates'), memo);
  const renderSalt = templates.digest('hex');
  const hash = crypto.createHash('sha256');
  // The folders by path too: a warning may name one (the built-ins' in the template notices).
  hash.update(
    `appgen-cache ${FORMAT}\0${renderSalt}\0${path.resolve(root)}\0${provider}\0${defaultDatabaseUrl}\0`,
  );
  hashFolder(hash, 'config', path.join(root, 'config'), memo);
  let corsSet = false;
  for (const file of ['appgen.config.json', ...OWN_CONVENTION_FILES]) {
    let content: Buffer | undefined;
    try {
      content = fs.readFileSync(path.join(root, file));
    } catch {
      content = undefined;
    }
    if (file === 'appgen.config.json' && content !== undefined) corsSet = setsCors(content);
    // Of a proxy or instrumentation file only its existence counts; the settings file by content.
    hash.update(
      `\0${file}\0${content === undefined ? '-' : file === 'appgen.config.json' ? sha256Hex(content) : '+'}`,
    );
  }
  // The app's name (package.json), which pages show.
  hash.update(`\0name\0${projectName(root) ?? ''}`);
  // A .env.example, home or not-found page of the project's own is left alone
  // (src/generate/ownReplaceableFiles.ts).
  for (const { file } of REPLACEABLE_FILES)
    hash.update(`\0${file}\0${hasOwnFile(root, file) ? '+' : '-'}`);
  // An instrumentation file that does not start the outbox's worker gets a warning (one that
  // does, or none yet, which appgen scaffolds with it, the same: none).
  hash.update(`\0startServer\0${instrumentationStartsServer(root) === false ? 'no' : 'yes'}`);
  // A proxy file that disagrees with `cors` is rewritten (untouched) or warned about: one without
  // withCors when it is set, one with it when it is not (a proxy yet to be scaffolded agrees).
  const addsCors = proxyAddsCors(root);
  hash.update(
    `\0withCors\0${(corsSet ? addsCors === false : addsCors === true) ? 'disagrees' : 'agrees'}`,
  );
  return { key: hash.digest('hex'), renderSalt, inputs: memo.seen, reread: memo.reread };
}

/** Whether settings text sets `cors` (a file that is not JSON gets its error from generate). */
function setsCors(content: Buffer): boolean {
  try {
    const settings = JSON.parse(content.toString('utf8')) as { cors?: unknown } | null;
    return typeof settings === 'object' && settings !== null && settings.cors !== undefined;
  } catch {
    return false;
  }
}

const isInputStat = (value: unknown): value is InputStat =>
  Array.isArray(value) &&
  value.length === 4 &&
  typeof value[0] === 'string' &&
  typeof value[1] === 'number' &&
  typeof value[2] === 'number' &&
  typeof value[3] === 'string';

const optional = (value: unknown, type: 'number' | 'boolean'): boolean =>
  value === undefined || typeof value === type;

function readStored(root: string): StoredCache | undefined {
  let bytes: Buffer;
  let writtenAt: number;
  try {
    const fd = fs.openSync(path.join(root, CACHE_FILE), 'r');
    try {
      writtenAt = fs.fstatSync(fd).mtimeMs;
      bytes = fs.readFileSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
  // First line: the SHA-256 of the rest, so a truncated or damaged file is ignored. Hashed as
  // the bytes read (the file is written as UTF-8), before they are decoded.
  const newline = bytes.indexOf(0x0a);
  const body = bytes.subarray(newline + 1);
  if (newline < 0 || sha256Hex(body) !== bytes.toString('latin1', 0, newline)) return undefined;
  try {
    const value = JSON.parse(body.toString('utf8')) as StoredCache;
    const valid =
      value.format === FORMAT &&
      typeof value.key === 'string' &&
      Array.isArray(value.warnings) &&
      value.warnings.every((w) => typeof w === 'string') &&
      Array.isArray(value.inputs) &&
      value.inputs.every(isInputStat) &&
      Array.isArray(value.reads) &&
      value.reads.every(
        (reads) => Array.isArray(reads) && reads.every((read) => typeof read === 'string'),
      ) &&
      Array.isArray(value.files) &&
      value.files.every(
        (f) =>
          typeof f?.path === 'string' &&
          (f.owner === 'generated' || f.owner === 'user') &&
          typeof f.value === 'string' &&
          optional(f.size, 'number') &&
          optional(f.mtimeMs, 'number') &&
          optional(f.header, 'boolean') &&
          (f.replaces === undefined ||
            (Array.isArray(f.replaces) &&
              f.replaces.every((other: unknown) => typeof other === 'string'))) &&
          (f.render === undefined ||
            (Array.isArray(f.render) &&
              f.render.length === 2 &&
              typeof f.render[0] === 'string' &&
              Number.isInteger(f.render[1]) &&
              f.render[1] >= 0 &&
              f.render[1] < value.reads.length)),
      );
    return valid ? { ...value, writtenAt } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A planned file whose content is the file on disk, read only if someone asks for it. Its hash is
 * the cache's until then, and the content's own once it is read (a wrong cache cannot outlive it).
 */
function fromDisk(root: string, file: string, digest: string): PlannedFile {
  let content: string | undefined;
  let hash = digest;
  return {
    owner: 'generated',
    get sha256(): string {
      return hash;
    },
    get content(): string {
      if (content === undefined) {
        content = fs.readFileSync(path.join(root, file), 'utf8');
        hash = sha256Hex(content);
      }
      return content;
    },
  };
}

/**
 * A generated file of the stored generation as it is on disk, when it still has the content it
 * was written with (same size and mtime since, or read back with the same hash); else undefined.
 * `reread`: it had to be read (its stats are worth storing again).
 */
function generatedOnDisk(
  root: string,
  file: StoredFile,
  writtenAt: number,
): (FileOnDisk & { reread: boolean }) | undefined {
  const target = `${root}/${file.path}`;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return undefined;
  }
  if (unchangedSince(stat, file, writtenAt) && file.header !== undefined)
    return {
      planned: fromDisk(root, file.path, file.value),
      header: file.header,
      stat: { size: stat.size, mtimeMs: stat.mtimeMs },
      reread: false,
    };
  let content: string;
  try {
    content = fs.readFileSync(target, 'utf8');
  } catch {
    return undefined;
  }
  if (sha256Hex(content) !== file.value) return undefined;
  return {
    planned: { content, owner: 'generated', sha256: file.value },
    header: hasGeneratedHeader(content),
    reread: true,
  };
}

/** How each generated file of the stored generation was rendered. */
function storedRenders(stored: StoredCache): Map<string, RenderRecord> {
  const renders = new Map<string, RenderRecord>();
  for (const file of stored.files) {
    if (file.render)
      renders.set(file.path, { key: file.render[0], reads: stored.reads[file.render[1]] });
  }
  return renders;
}

/**
 * The generated outputs of the stored generation for src/render/renderMemo.ts, whatever the key
 * of the inputs now: each with how it was rendered, and its file, checked only when asked for.
 */
export function previousOutputs(
  root: string,
  stored: StoredCache | undefined,
): Map<string, PreviousOutput> {
  const outputs = new Map<string, PreviousOutput>();
  if (!stored) return outputs;
  const renders = storedRenders(stored);
  for (const file of stored.files) {
    const record = renders.get(file.path);
    if (file.owner !== 'generated' || !record) continue;
    outputs.set(file.path, {
      record,
      onDisk: () => generatedOnDisk(root, file, stored.writtenAt),
    });
  }
  return outputs;
}

/** A cache hit: the files and warnings of the last generation, and what is known of the disk. */
export interface CachedGeneration {
  files: FileMap;
  warnings: string[];
  known: KnownOnDisk;
  /** The record to store again (some stats were stale: the next run then reads nothing), or undefined. */
  refresh?: CacheRecord;
}

/**
 * `buildProjectFiles` from the cache, when the inputs are those of the last stored generation and
 * every generated file on disk has the content it had then (same size and mtime since, or read
 * back: equal hashes, equal content); else undefined, and the caller runs the whole pipeline.
 * `lookup`: the stored cache and the key of the inputs now (`lookUpCache`).
 */
export function cachedGeneration(root: string, lookup: CacheLookup): CachedGeneration | undefined {
  const { stored, key } = lookup;
  if (!stored || stored.key !== key) return undefined;
  const files: FileMap = new Map();
  const unchanged = new Set<string>();
  const header = new Map<string, boolean>();
  const verified = new Map<string, FileStat>();
  let reread = lookup.reread;
  for (const file of stored.files) {
    if (file.owner === 'user') {
      // Written only when missing: then its content must come from rendering, not from here.
      if (!fs.existsSync(path.join(root, file.path))) return undefined;
      files.set(
        file.path,
        file.replaces
          ? { content: file.value, owner: 'user', replaces: [...file.replaces] }
          : { content: file.value, owner: 'user' },
      );
      continue;
    }
    const onDisk = generatedOnDisk(root, file, stored.writtenAt);
    if (!onDisk) return undefined;
    files.set(file.path, onDisk.planned);
    header.set(file.path, onDisk.header);
    if (onDisk.stat) verified.set(file.path, onDisk.stat);
    reread ||= onDisk.reread;
    unchanged.add(file.path);
  }
  const refresh = reread
    ? {
        key,
        files,
        warnings: stored.warnings,
        inputs: lookup.inputs,
        headers: header,
        renders: storedRenders(stored),
        verified,
      }
    : undefined;
  return { files, warnings: stored.warnings, known: { unchanged, header }, refresh };
}

/** The stored cache and the key of the inputs as they are now (files with unchanged stats not read). */
export interface CacheLookup {
  stored?: StoredCache;
  key: string;
  inputs: InputStat[];
  /** Some input was read: its stats are worth storing again. */
  reread: boolean;
  /** A hash of what rendering depends on besides its context (appgen, templates, Node). */
  renderSalt: string;
  /** When the lookup began (Date.now()): `lookUpAgain` trusts the hashes of files older than it. */
  startedAt: number;
}

/**
 * The stored cache and the key of the inputs now. `stored`: the cache an earlier lookup of this
 * run read (e.g. to check, after rendering, that no input changed meanwhile): not read again.
 */
export function lookUpCache(
  root: string,
  inputs: CacheInputs,
  stored: StoredCache | undefined = readStored(root),
): CacheLookup {
  const startedAt = Date.now();
  return { stored, startedAt, ...keyWithInputs(inputs, stored) };
}

/**
 * Before which wall-clock time a file with this mtime must have last changed for `lookUpAgain` to
 * trust its hash on unchanged size and mtime. A file system stamps mtimes from a coarse clock, so
 * a file written during the run may carry a time somewhat before the run began: by a few ms where
 * mtimes have fractions of a second (Linux's clock tick; exFAT's 10 ms), by up to 2 s where they
 * are whole seconds (FAT, HFS+, ext3). A file written within the margin is read again.
 */
function trustedBefore(startedAt: number): (mtimeMs: number) => number {
  return (mtimeMs) => startedAt - (mtimeMs % 1000 === 0 ? 2_500 : 50);
}

/**
 * The key of the same inputs again, after the pipeline read them: whether one changed meanwhile
 * (then the generation is not stored). A file whose size and mtime are those `first` saw, and
 * that last changed before `first` began (`trustedBefore`), keeps the hash `first` took without
 * being read again; the others are read. (A cold run used to hash every config file and template
 * twice.)
 */
export function lookUpAgain(inputs: CacheInputs, first: CacheLookup): CacheLookup {
  const {
    key,
    renderSalt,
    inputs: seen,
    reread,
  } = keyWithInputs(inputs, {
    inputs: first.inputs,
    writtenAt: trustedBefore(first.startedAt),
  });
  return {
    stored: first.stored,
    startedAt: first.startedAt,
    key,
    renderSalt,
    inputs: seen,
    reread,
  };
}

/**
 * Remembers a generation that was written. Best effort: a cache that cannot be written is no error.
 * `hashes`: the SHA-256 of generated files' contents already taken (the plan's manifest), not
 * taken again.
 */
export function storeGeneration(
  root: string,
  record: CacheRecord,
  hashes: Readonly<Record<string, string>> = {},
): void {
  const files: StoredFile[] = [];
  const reads: string[][] = [];
  const readsIndex = new Map<string, number>();
  const indexOf = (list: readonly string[]): number => {
    const id = JSON.stringify(list);
    let index = readsIndex.get(id);
    if (index === undefined) {
      index = reads.push([...list]) - 1;
      readsIndex.set(id, index);
    }
    return index;
  };
  for (const [file, planned] of record.files) {
    if (planned.owner === 'user') {
      files.push(
        planned.replaces
          ? { path: file, owner: 'user', value: planned.content, replaces: planned.replaces }
          : { path: file, owner: 'user', value: planned.content },
      );
      continue;
    }
    // A file found unchanged by its stats keeps them (a stale pair only makes the next run read
    // the file); a written one is stat-ed now.
    let stat: FileStat | undefined = record.verified?.get(file);
    try {
      stat ??= fs.statSync(path.join(root, file));
    } catch {
      stat = undefined;
    }
    const render = record.renders?.get(file);
    files.push({
      path: file,
      owner: 'generated',
      value:
        planned.sha256 ?? (Object.hasOwn(hashes, file) ? hashes[file] : sha256Hex(planned.content)),
      ...(stat ? { size: stat.size, mtimeMs: stat.mtimeMs } : {}),
      header: record.headers?.get(file) ?? hasGeneratedHeader(planned.content),
      ...(render ? { render: [render.key, indexOf(render.reads)] as [string, number] } : {}),
    });
  }
  const stored: Omit<StoredCache, 'writtenAt'> = {
    format: FORMAT,
    key: record.key,
    files,
    warnings: record.warnings,
    inputs: record.inputs,
    reads,
  };
  const body = JSON.stringify(stored);
  const target = path.join(root, CACHE_FILE);
  // One fixed temporary name: two runs writing it at once leave a file whose checksum fails
  // (ignored), and a killed run leaves at most this one file, replaced by the next.
  const temp = `${target}.tmp`;
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(temp, `${sha256Hex(body)}\n${body}`);
    fs.renameSync(temp, target);
  } catch {
    fs.rmSync(temp, { force: true });
  }
}
