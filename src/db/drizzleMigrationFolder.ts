import fs from 'node:fs';
import * as path from 'node:path';
import type { DatabaseProvider } from '../project/databaseUrl';
import { MigrationError } from './migrationError';
import type { DrizzleSnapshot } from './drizzleSnapshotDiff';

/**
 * drizzle-kit's migrations folder, as `drizzle-kit generate` (0.31) writes it and drizzle-orm's
 * migrator reads it, so the team can use either tool on the same files:
 *
 *   drizzle/migrations/0000_init.sql                 statements, split by "--> statement-breakpoint"
 *   drizzle/migrations/meta/_journal.json            { version, dialect, entries: [{ idx, version, when, tag, breakpoints }] }
 *   drizzle/migrations/meta/0000_snapshot.json       the schema after 0000_init (the next diff starts from it)
 *
 * drizzle-orm's migrator applies, in journal order, each entry whose `when` (ms) is later than
 * the last one the database recorded.
 */

export const DRIZZLE_MIGRATIONS_DIR = path.join('drizzle', 'migrations');
const META = 'meta';
const JOURNAL = path.join(META, '_journal.json');
/** drizzle-kit's separator between the statements of one migration file. */
export const BREAKPOINT = '--> statement-breakpoint\n';
/** The journal format drizzle-kit 0.31 writes (its `snapshotVersion`). */
const JOURNAL_VERSION = '7';

export interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

export interface Journal {
  version: string;
  dialect: string;
  entries: JournalEntry[];
}

/** drizzle-kit's dialect names. */
const dialectOf = (provider: DatabaseProvider): string =>
  provider === 'sqlite' ? 'sqlite' : 'postgresql';

const relative = (file: string) => path.join(DRIZZLE_MIGRATIONS_DIR, file);

export function migrationsFolder(projectDir: string): string {
  return path.join(path.resolve(projectDir), DRIZZLE_MIGRATIONS_DIR);
}

function readJson(projectDir: string, file: string, what: string): unknown {
  const text = fs.readFileSync(path.join(migrationsFolder(projectDir), file), 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new MigrationError(
      `${relative(file)} is not valid JSON (${(error as Error).message}).`,
      `restore ${what} from version control (git checkout -- ${relative(file).split(path.sep).join('/')}); appgen and drizzle-kit write it, it is not edited by hand.`,
    );
  }
}

function isEntry(value: unknown): value is JournalEntry {
  const entry = value as JournalEntry;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.tag === 'string' &&
    /^[\w-]+$/.test(entry.tag) &&
    Number.isFinite(entry.when)
  );
}

/**
 * The journal, or null when there is none yet (no migration created). A journal that is not
 * drizzle-kit's, or written for the other database, is a MigrationError naming the file.
 */
export function readJournal(projectDir: string, provider: DatabaseProvider): Journal | null {
  if (!fs.existsSync(path.join(migrationsFolder(projectDir), JOURNAL))) return null;
  const journal = readJson(projectDir, JOURNAL, 'the journal') as Journal;
  if (
    typeof journal !== 'object' ||
    journal === null ||
    !Array.isArray(journal.entries) ||
    !journal.entries.every(isEntry)
  ) {
    throw new MigrationError(
      `${relative(JOURNAL)} is not a drizzle-kit journal: it needs "entries", each with a "tag" (the .sql file's name) and "when" (a time in ms).`,
      `restore it from version control; appgen and drizzle-kit write it, it is not edited by hand.`,
    );
  }
  const dialect = dialectOf(provider);
  if (journal.dialect !== dialect) {
    throw new MigrationError(
      `${relative(JOURNAL)} says the migrations are for ${journal.dialect}, but DATABASE_URL is a ${provider} URL.`,
      `use a ${journal.dialect} DATABASE_URL, or start a new migration history for ${provider} (move ${DRIZZLE_MIGRATIONS_DIR} away).`,
    );
  }
  return journal;
}

/** The snapshot file of a journal entry: `0003_add_bio` → meta/0003_snapshot.json. */
const snapshotFile = (tag: string) => path.join(META, `${tag.split('_')[0]}_snapshot.json`);

/** The schema the journal's last migration leaves, which the next migration starts from. */
export function readLastSnapshot(projectDir: string, journal: Journal): DrizzleSnapshot | null {
  const last = journal.entries.at(-1);
  if (last === undefined) return null;
  const file = snapshotFile(last.tag);
  if (!fs.existsSync(path.join(migrationsFolder(projectDir), file))) {
    throw new MigrationError(
      `${relative(file)} is missing: the next migration is worked out from the schema that ${last.tag}.sql leaves.`,
      'restore it from version control, with the rest of the migrations folder.',
    );
  }
  const snapshot = readJson(projectDir, file, 'the snapshot') as DrizzleSnapshot;
  if (typeof snapshot?.tables !== 'object' || snapshot.tables === null)
    throw new MigrationError(
      `${relative(file)} is not a drizzle-kit snapshot (it has no "tables").`,
      'restore it from version control; appgen and drizzle-kit write it.',
    );
  return snapshot;
}

/** Each migration's file, relative to the project, and its statements as the migrator runs them. */
export function readMigrationSql(
  projectDir: string,
  entry: JournalEntry,
): { file: string; statements: string[] } {
  const file = relative(`${entry.tag}.sql`);
  const full = path.join(path.resolve(projectDir), file);
  if (!fs.existsSync(full))
    throw new MigrationError(
      `${file} is missing, but ${relative(JOURNAL)} lists ${entry.tag}.`,
      'restore the file from version control, or remove its entry from the journal if the migration was never deployed.',
    );
  return { file, statements: fs.readFileSync(full, 'utf8').split(BREAKPOINT.trim()) };
}

export interface NewMigration {
  /** The name in snake case (migrationSlug). */
  slug: string;
  statements: string[];
  snapshot: DrizzleSnapshot;
  when: number;
}

/**
 * Writes the migration as drizzle-kit generate does: `<NNNN>_<slug>.sql`, its snapshot, and its
 * journal entry. Returns the tag and the file, relative to the project.
 */
export function writeMigration(
  projectDir: string,
  provider: DatabaseProvider,
  journal: Journal | null,
  migration: NewMigration,
): { tag: string; file: string } {
  const folder = migrationsFolder(projectDir);
  const entries = journal?.entries ?? [];
  const idx = entries.length === 0 ? 0 : entries[entries.length - 1].idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_${migration.slug}`;
  // A journal entry must be later than the last: the migrator compares `when` only.
  const when = Math.max(migration.when, ...entries.map((entry) => entry.when + 1));
  const next: Journal = {
    version: journal?.version ?? JOURNAL_VERSION,
    dialect: dialectOf(provider),
    entries: [
      ...entries,
      { idx, version: migration.snapshot.version, when, tag, breakpoints: true },
    ],
  };
  fs.mkdirSync(path.join(folder, META), { recursive: true });
  fs.writeFileSync(
    path.join(folder, snapshotFile(tag)),
    JSON.stringify(migration.snapshot, null, 2),
  );
  fs.writeFileSync(path.join(folder, `${tag}.sql`), migration.statements.join(BREAKPOINT));
  // The journal last: a migration counts once its entry is written.
  fs.writeFileSync(path.join(folder, JOURNAL), JSON.stringify(next, null, 2));
  return { tag, file: relative(`${tag}.sql`) };
}
