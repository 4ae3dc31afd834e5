import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type { FileMap, FileOwner } from '../render/fileMap';
import { BUILTIN_TEMPLATES_DIR, PACKAGE_ROOT, SCHEMAS_DIR } from '../paths/packageRoot';
import { OTHER_PROXY_FILES } from './ownProxyFile';

/**
 * The generation cache: an optimisation only, never a source of output. It remembers, for the
 * inputs of the last generation (every config file, the project's templates/ and settings, the
 * built-in templates, schemas and appgen's own code, the ORM and database URL kind, which proxy
 * files exist), the hash of each generated file and the warnings it printed. When the inputs are
 * the same and every generated file on disk still has its remembered hash, the disk content *is*
 * the content rendering would produce, so load, validate, map and render are skipped; anything
 * else (a missing or edited output, other inputs, an unreadable or damaged cache) runs the whole
 * pipeline. Deleting it is always safe; it is not committed (created projects ignore it).
 */
export const CACHE_DIR = '.appgen/cache';
const CACHE_FILE = `${CACHE_DIR}/generate.json`;
/** Bump when the cache's shape or the meaning of its key changes. */
const FORMAT = 1;

export interface CacheInputs {
  root: string;
  provider: string;
  defaultDatabaseUrl: string;
}

/** What one full generation leaves for the next: its key, its files and its warnings. */
export interface CacheRecord {
  key: string;
  files: FileMap;
  warnings: string[];
}

interface StoredFile {
  path: string;
  owner: FileOwner;
  /** SHA-256 of a generated file's content; a user-owned file's content itself (it is small, and not compared). */
  value: string;
}

interface StoredCache {
  format: number;
  key: string;
  files: StoredFile[];
  warnings: string[];
}

const sha256 = (content: string | Buffer): string =>
  crypto.createHash('sha256').update(content).digest('hex');

/** Every file under `dir` (relative paths, sorted), dot files included; none when it is missing. */
function filesUnder(dir: string, keep: (name: string) => boolean = () => true): string[] {
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
      if (entry.isDirectory()) walk(child);
      else if (keep(entry.name)) found.push(`${entry.isFile() ? 'f' : 'o'}:${child}`);
    }
  };
  walk('');
  return found.sort();
}

/** Adds a folder's file names, kinds and contents to the hash. */
function hashFolder(
  hash: crypto.Hash,
  label: string,
  dir: string,
  keep?: (name: string) => boolean,
) {
  hash.update(`\0folder\0${label}\0`);
  for (const entry of filesUnder(dir, keep)) {
    hash.update(`\0${entry}\0`);
    if (entry.startsWith('f:')) {
      const content = fs.readFileSync(path.join(dir, entry.slice(2)));
      hash.update(`${content.length}\0`);
      hash.update(content);
    }
  }
}

let appgenItself: string | undefined;

/** appgen's own code, schemas and package.json: the same for the life of a process. */
function appgenHash(): string {
  if (appgenItself === undefined) {
    const hash = crypto.createHash('sha256');
    // src/ under ts-node or jest, dist/ when built: whichever this code runs from.
    hashFolder(
      hash,
      'code',
      path.resolve(__dirname, '..'),
      (name) => /\.(js|ts)$/.test(name) && !name.endsWith('.d.ts'),
    );
    hashFolder(hash, 'schemas', SCHEMAS_DIR);
    hash.update(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json')));
    appgenItself = hash.digest('hex');
  }
  return appgenItself;
}

/** The key of a generation: a hash of everything `buildProjectFiles` reads or is given. */
export function cacheKey({ root, provider, defaultDatabaseUrl }: CacheInputs): string {
  const hash = crypto.createHash('sha256');
  // The folders by path too: a warning may name one (the built-ins' in the template notices).
  hash.update(
    `appgen-cache ${FORMAT}\0${appgenHash()}\0${BUILTIN_TEMPLATES_DIR}\0${path.resolve(root)}\0${provider}\0${defaultDatabaseUrl}\0`,
  );
  hashFolder(hash, 'builtin templates', BUILTIN_TEMPLATES_DIR);
  hashFolder(hash, 'config', path.join(root, 'config'));
  hashFolder(hash, 'templates', path.join(root, 'templates'));
  for (const file of ['appgen.config.json', ...OTHER_PROXY_FILES]) {
    let content: Buffer | undefined;
    try {
      content = fs.readFileSync(path.join(root, file));
    } catch {
      content = undefined;
    }
    // Of a proxy file only its existence counts; the settings file by content.
    hash.update(
      `\0${file}\0${content === undefined ? '-' : file === 'appgen.config.json' ? sha256(content) : '+'}`,
    );
  }
  return hash.digest('hex');
}

function readStored(root: string): StoredCache | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(root, CACHE_FILE), 'utf8');
  } catch {
    return undefined;
  }
  // First line: the SHA-256 of the rest, so a truncated or damaged file is ignored.
  const newline = text.indexOf('\n');
  if (newline < 0 || sha256(text.slice(newline + 1)) !== text.slice(0, newline)) return undefined;
  try {
    const value = JSON.parse(text.slice(newline + 1)) as StoredCache;
    const valid =
      value.format === FORMAT &&
      typeof value.key === 'string' &&
      Array.isArray(value.warnings) &&
      value.warnings.every((w) => typeof w === 'string') &&
      Array.isArray(value.files) &&
      value.files.every(
        (f) =>
          typeof f?.path === 'string' &&
          (f.owner === 'generated' || f.owner === 'user') &&
          typeof f.value === 'string',
      );
    return valid ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The files and warnings of the last generation, when its key is `key` and every generated file
 * on disk has the content it had then (read back from disk: equal hashes, equal content); else
 * undefined, and the caller runs the whole pipeline.
 */
export function cachedGeneration(
  root: string,
  key: string,
): { files: FileMap; warnings: string[]; readJustNow: Map<string, string> } | undefined {
  const stored = readStored(root);
  if (!stored || stored.key !== key) return undefined;
  const files: FileMap = new Map();
  const readJustNow = new Map<string, string>();
  for (const file of stored.files) {
    if (file.owner === 'user') {
      // Written only when missing: then its content must come from rendering, not from here.
      if (!fs.existsSync(path.join(root, file.path))) return undefined;
      files.set(file.path, { content: file.value, owner: 'user' });
      continue;
    }
    let content: string;
    try {
      content = fs.readFileSync(path.join(root, file.path), 'utf8');
    } catch {
      return undefined;
    }
    if (sha256(content) !== file.value) return undefined;
    files.set(file.path, { content, owner: 'generated', sha256: file.value });
    readJustNow.set(file.path, content);
  }
  return { files, warnings: stored.warnings, readJustNow };
}

/** Remembers a generation that was written. Best effort: a cache that cannot be written is no error. */
export function storeGeneration(root: string, record: CacheRecord): void {
  const stored: StoredCache = {
    format: FORMAT,
    key: record.key,
    files: [...record.files].map(([file, { content, owner }]) => ({
      path: file,
      owner,
      value: owner === 'generated' ? sha256(content) : content,
    })),
    warnings: record.warnings,
  };
  const body = JSON.stringify(stored);
  const target = path.join(root, CACHE_FILE);
  // One fixed temporary name: two runs writing it at once leave a file whose checksum fails
  // (ignored), and a killed run leaves at most this one file, replaced by the next.
  const temp = `${target}.tmp`;
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(temp, `${sha256(body)}\n${body}`);
    fs.renameSync(temp, target);
  } catch {
    fs.rmSync(temp, { force: true });
  }
}
