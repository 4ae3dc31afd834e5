import fs from 'fs';
import os from 'os';
import path from 'path';
import {
  readJournal,
  readLastSnapshot,
  readMigrationSql,
  writeMigration,
} from '../../../src/db/drizzleMigrationFolder';
import type { DrizzleSnapshot } from '../../../src/db/drizzleSnapshotDiff';
import { MigrationError } from '../../../src/db/migrationError';

const snapshot = (id: string): DrizzleSnapshot => ({
  id,
  prevId: '00000000-0000-0000-0000-000000000000',
  version: '6',
  dialect: 'sqlite',
  tables: {},
});

describe("drizzle-kit's migrations folder", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-drizzle-migrations-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string) => path.join(dir, 'drizzle', 'migrations', name);

  it('has no journal before the first migration', () => {
    expect(readJournal(dir, 'sqlite')).toBeNull();
  });

  it('writes the SQL, the snapshot and the journal entry as drizzle-kit generate does', () => {
    const first = writeMigration(dir, 'sqlite', null, {
      slug: 'init',
      statements: ['CREATE TABLE `a` (\n\t`id` text\n);\n', 'CREATE INDEX `i` ON `a` (`id`);'],
      snapshot: snapshot('s0'),
      when: 1000,
    });
    expect(first).toEqual({
      tag: '0000_init',
      file: path.join('drizzle', 'migrations', '0000_init.sql'),
    });
    expect(fs.readFileSync(file('0000_init.sql'), 'utf8')).toBe(
      'CREATE TABLE `a` (\n\t`id` text\n);\n--> statement-breakpoint\nCREATE INDEX `i` ON `a` (`id`);',
    );
    const journal = readJournal(dir, 'sqlite');
    expect(journal).toEqual({
      version: '7',
      dialect: 'sqlite',
      entries: [{ idx: 0, version: '6', when: 1000, tag: '0000_init', breakpoints: true }],
    });
    expect(readLastSnapshot(dir, journal!)?.id).toBe('s0');

    // A clock behind the last entry still sorts after it: the migrator compares `when` only.
    const second = writeMigration(dir, 'sqlite', journal, {
      slug: 'add_bio',
      statements: ['ALTER TABLE `a` ADD `bio` text;'],
      snapshot: snapshot('s1'),
      when: 500,
    });
    expect(second.tag).toBe('0001_add_bio');
    const next = readJournal(dir, 'sqlite')!;
    expect(next.entries.map((entry) => [entry.tag, entry.when])).toEqual([
      ['0000_init', 1000],
      ['0001_add_bio', 1001],
    ]);
    expect(readLastSnapshot(dir, next)?.id).toBe('s1');
    expect(readMigrationSql(dir, next.entries[0]).statements).toHaveLength(2);
  });

  it('names the file and what to do for a broken journal, a missing file or the other database', () => {
    writeMigration(dir, 'sqlite', null, {
      slug: 'init',
      statements: ['SELECT 1;'],
      snapshot: snapshot('s0'),
      when: 1,
    });
    const journal = readJournal(dir, 'sqlite')!;
    expect(() => readJournal(dir, 'postgresql')).toThrow(
      /_journal\.json says the migrations are for sqlite, but DATABASE_URL is a postgresql URL/,
    );

    fs.rmSync(file('0000_init.sql'));
    expect(() => readMigrationSql(dir, journal.entries[0])).toThrow(
      /0000_init\.sql is missing, but .*_journal\.json lists 0000_init/,
    );
    fs.rmSync(file(path.join('meta', '0000_snapshot.json')));
    expect(() => readLastSnapshot(dir, journal)).toThrow(/0000_snapshot\.json is missing/);

    fs.writeFileSync(file(path.join('meta', '_journal.json')), '{ "entries": [');
    expect(() => readJournal(dir, 'sqlite')).toThrow(MigrationError);
    expect(() => readJournal(dir, 'sqlite')).toThrow(/_journal\.json is not valid JSON/);
    fs.writeFileSync(file(path.join('meta', '_journal.json')), '{ "entries": [{ "tag": 1 }] }');
    expect(() => readJournal(dir, 'sqlite')).toThrow(/is not a drizzle-kit journal/);
  });
});
