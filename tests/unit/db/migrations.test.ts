import fs from 'fs';
import os from 'os';
import path from 'path';
import { MigrationError, migrationDirName, readMigrations } from '../../../src/db/migrations';

describe('migrationDirName', () => {
  const now = new Date('2026-11-21T09:05:03.250Z');

  it('is the UTC time to the second, then the name in snake case (Prisma layout)', () => {
    expect(migrationDirName('init', now)).toBe('20261121090503_init');
    expect(migrationDirName('addUserBio', now)).toBe('20261121090503_add_user_bio');
    expect(migrationDirName('drop old-table!', now)).toBe('20261121090503_drop_old_table');
  });

  it('refuses a name without letters or digits', () => {
    expect(() => migrationDirName('!!', now)).toThrow(MigrationError);
  });
});

describe('readMigrations', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-migrations-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  };

  it('lists the migration folders in order with their SQL, and a lock file for the provider when there is none', async () => {
    write('prisma/migrations/20260102000000_b/migration.sql', 'B;');
    write('prisma/migrations/20260101000000_a/migration.sql', 'A;');
    const list = await readMigrations(dir, 'sqlite');
    expect(list.baseDir).toBe(path.join(dir, 'prisma', 'migrations'));
    expect(list.migrationDirectories).toEqual([
      {
        path: '20260101000000_a',
        migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: 'A;' } },
      },
      {
        path: '20260102000000_b',
        migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: 'B;' } },
      },
    ]);
    expect(list.lockfile.content).toContain('provider = "sqlite"');
  });

  it('is empty without prisma/migrations', async () => {
    expect((await readMigrations(dir, 'postgresql')).migrationDirectories).toEqual([]);
  });

  it('refuses migrations locked to another provider', async () => {
    write('prisma/migrations/migration_lock.toml', 'provider = "sqlite"\n');
    await expect(readMigrations(dir, 'postgresql')).rejects.toThrow(
      /for sqlite, but DATABASE_URL is a postgresql URL/,
    );
  });
});
