import { renameHint } from './dataLossMessage';
import type { DatabaseProvider } from '../project/databaseUrl';
import type { DbColumn, SchemaColumn } from './drizzleKit';

/**
 * What a Drizzle schema push would do to the data, worked out by appgen itself from the database
 * as it is and the schema: drizzle-kit's own push asks interactively whether a dropped column
 * and a new one are a rename, which a command (or CI) cannot answer. The lines use the Prisma
 * schema engine's wording, so both ORMs refuse the same changes with the same message.
 */

export interface SchemaChanges {
  /** Changes that lose data: applied with --accept-data-loss. */
  warnings: string[];
  /** Changes the existing rows make impossible: never applied. */
  unexecutable: string[];
  renameHints: string[];
  /** Drops to run before drizzle-kit's diff, so that it never has to ask about a rename. */
  dropsFirst: Array<{ table: string; column?: string }>;
}

export interface CountRows {
  (table: string, column?: { name: string; isNull: boolean }): Promise<number>;
}

/** A column type as written either way: `timestamp(3)` and `timestamp without time zone` are `timestamp`. */
function normalType(type: string): string {
  return type
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/ with(out)? time zone$/, '')
    .trim();
}

/** `timestamp(3)` and `timestamp without time zone` are one type; so are `TEXT` and `text`. */
export function sameType(a: string, b: string): boolean {
  return normalType(a) === normalType(b);
}

/**
 * PostgreSQL converts these in place, values kept (an assignment cast, which drizzle-kit's
 * ALTER COLUMN ... SET DATA TYPE uses), as Prisma's schema engine does: `jsonb` columns of an
 * earlier appgen become `json`.
 */
const KEEPS_VALUES: ReadonlySet<string> = new Set(['jsonb>json', 'json>jsonb']);

export function convertsInPlace(provider: DatabaseProvider, from: string, to: string): boolean {
  return provider === 'postgresql' && KEEPS_VALUES.has(`${normalType(from)}>${normalType(to)}`);
}

export async function schemaChanges(
  provider: DatabaseProvider,
  current: Map<string, DbColumn[]>,
  target: Array<{ name: string; columns: SchemaColumn[] }>,
  count: CountRows,
): Promise<SchemaChanges> {
  const changes: SchemaChanges = {
    warnings: [],
    unexecutable: [],
    renameHints: [],
    dropsFirst: [],
  };
  const wanted = new Set(target.map((table) => table.name));
  const droppedTables = [...current.keys()].filter((name) => !wanted.has(name));
  const addedTables = target.filter((table) => !current.has(table.name));
  for (const table of droppedTables) {
    const rows = await count(table);
    if (rows > 0)
      changes.warnings.push(
        `You are about to drop the \`${table}\` table, which is not empty (${rows} rows).`,
      );
    if (addedTables.length > 0) changes.dropsFirst.push({ table });
  }
  for (const table of target) {
    const existing = current.get(table.name);
    if (!existing) continue;
    const rows = await count(table.name);
    const before = new Map(existing.map((column) => [column.name, column]));
    const after = new Map(table.columns.map((column) => [column.name, column]));
    const added = table.columns.filter((column) => !before.has(column.name));
    for (const column of existing) {
      if (after.has(column.name)) continue;
      const values = await count(table.name, { name: column.name, isNull: false });
      if (values > 0) {
        changes.warnings.push(
          `You are about to drop the column \`${column.name}\` on the \`${table.name}\` table, which still contains ${values} non-null values.`,
        );
        for (const field of added)
          if (sameType(field.type, column.type))
            changes.renameHints.push(renameHint(table.name, column.name, field.name));
      }
      if (added.length > 0) changes.dropsFirst.push({ table: table.name, column: column.name });
    }
    if (rows === 0) continue;
    for (const column of added) {
      if (column.notNull && !column.hasDatabaseDefault) {
        changes.unexecutable.push(
          `Added the required column \`${column.name}\` to the \`${table.name}\` table without a default value. There are ${rows} rows in this table, it is not possible to execute this step.`,
        );
      }
    }
    for (const column of table.columns) {
      const old = before.get(column.name);
      if (!old) continue;
      if (!sameType(old.type, column.type) && !convertsInPlace(provider, old.type, column.type)) {
        const values = await count(table.name, { name: column.name, isNull: false });
        if (provider === 'sqlite') {
          // drizzle-kit redefines the table and copies the rows: SQLite converts what it can.
          if (values > 0)
            changes.warnings.push(
              `You are about to alter the column \`${column.name}\` on the \`${table.name}\` table, which contains ${values} non-null values. The data in that column will be cast from \`${old.type.toLowerCase()}\` to \`${column.type}\`.`,
            );
        } else if (values > 0 && column.notNull) {
          // PostgreSQL: drizzle-kit's ALTER COLUMN ... SET DATA TYPE fails without a cast; like
          // Prisma, appgen replaces the column instead, which a required column with data forbids.
          changes.unexecutable.push(
            `Changed the type of \`${column.name}\` on the \`${table.name}\` table. No cast exists, the column would be dropped and recreated, which cannot be done since the column is required and there is data.`,
          );
        } else {
          if (values > 0)
            changes.warnings.push(
              `The \`${column.name}\` column on the \`${table.name}\` table would be dropped and recreated. This will lead to data loss.`,
            );
          changes.dropsFirst.push({ table: table.name, column: column.name });
        }
      } else if (column.notNull && !old.notNull) {
        const nulls = await count(table.name, { name: column.name, isNull: true });
        if (nulls > 0)
          changes.unexecutable.push(
            `Made the column \`${column.name}\` on table \`${table.name}\` required, but there are ${nulls} existing NULL values.`,
          );
      }
    }
  }
  return changes;
}
