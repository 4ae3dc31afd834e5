import type { DatabaseProvider } from '../project/databaseUrl';
import { convertsInPlace, sameType } from './drizzleSchemaChanges';
import type { DrizzleSnapshot, SnapshotTable } from './drizzleSnapshotDiff';

/**
 * What a new migration may do to rows already in a database, from the snapshots alone (creating
 * a migration reads no database): in the words `prisma migrate dev` uses for a migration, so
 * both ORMs' migrations warn alike. The lines head the migration file in Prisma's comment block
 * and `appgen migrate create` prints them.
 */
export function migrationWarnings(
  provider: DatabaseProvider,
  previous: DrizzleSnapshot,
  current: DrizzleSnapshot,
): string[] {
  const warnings: string[] = [];
  for (const [key, before] of Object.entries(previous.tables)) {
    const after = current.tables[key];
    if (after === undefined) {
      warnings.push(
        `You are about to drop the \`${before.name}\` table. If the table is not empty, all the data it contains will be lost.`,
      );
      continue;
    }
    warnings.push(...columnWarnings(provider, before, after), ...uniqueWarnings(before, after));
  }
  return warnings;
}

function columnWarnings(
  provider: DatabaseProvider,
  before: SnapshotTable,
  after: SnapshotTable,
): string[] {
  const table = after.name;
  const warnings: string[] = [];
  for (const [name, old] of Object.entries(before.columns))
    if (after.columns[name] === undefined)
      warnings.push(
        `You are about to drop the column \`${old.name}\` on the \`${table}\` table. All the data in the column will be lost.`,
      );
  for (const [name, column] of Object.entries(after.columns)) {
    const old = before.columns[name];
    if (old === undefined) {
      if (column.notNull && column.default === undefined)
        warnings.push(
          `Added the required column \`${column.name}\` to the \`${table}\` table without a default value. This is not possible if the table is not empty.`,
        );
    } else if (
      !sameType(old.type, column.type) &&
      !convertsInPlace(provider, old.type, column.type)
    ) {
      warnings.push(
        `You are about to alter the column \`${column.name}\` on the \`${table}\` table. The data in that column will be cast from \`${old.type}\` to \`${column.type}\`. This cast may fail. Please make sure the data in the column can be cast.`,
      );
    } else if (column.notNull && !old.notNull) {
      warnings.push(
        `Made the column \`${column.name}\` on table \`${table}\` required. This step will fail if there are existing NULL values in that column.`,
      );
    }
  }
  return warnings;
}

interface SnapshotIndex {
  isUnique?: boolean;
  columns?: Array<string | { expression?: string }>;
}

function uniqueWarnings(before: SnapshotTable, after: SnapshotTable): string[] {
  const old = (before.indexes ?? {}) as Record<string, SnapshotIndex>;
  return Object.entries((after.indexes ?? {}) as Record<string, SnapshotIndex>)
    .filter(([name, index]) => index.isUnique === true && old[name] === undefined)
    .map(([, index]) => {
      const columns = (index.columns ?? []).map((c) => (typeof c === 'string' ? c : c.expression));
      return `A unique constraint covering the columns \`[${columns.join(',')}]\` on the table \`${after.name}\` will be added. If there are existing duplicate values, this will fail.`;
    });
}

/** Prisma's block at the top of a migration that may lose data; empty when there is nothing to say. */
export function warningsComment(warnings: string[]): string {
  if (warnings.length === 0) return '';
  return `/*\n  Warnings:\n\n${warnings.map((line) => `  - ${line}`).join('\n')}\n\n*/\n`;
}
