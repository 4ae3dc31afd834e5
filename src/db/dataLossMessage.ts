/**
 * What to tell the user when the schema engine refuses a change: the engine's own lines name the
 * table, the column and how many rows are affected; this module adds what to do, in terms of the
 * model files in config/models/ (the user never edits prisma/schema.prisma).
 *
 * The patterns match the messages of the Prisma schema engine versions pinned in
 * src/project/appDependencies.ts; an unknown line still gets the generic advice.
 */

const MADE_REQUIRED =
  /^Made the column `([^`]+)` on table `([^`]+)` required, but there are (\d+) existing NULL values/;
const ADDED_REQUIRED =
  /^Added the required column `([^`]+)` to the `([^`]+)` table without a default value/;
const NO_CAST = /^Changed the type of `([^`]+)` on the `([^`]+)` table\. No cast exists/;

/** How to get a change the existing rows make impossible (an "unexecutable" step) applied. */
export function unexecutableAdvice(line: string): string {
  let match = MADE_REQUIRED.exec(line);
  if (match) {
    const [, column, table] = match;
    return (
      `${table}.${column} has no value in ${match[3]} row(s); a "default" does not fill rows that already exist. ` +
      `Fill them in first (e.g. UPDATE "${table}" SET "${column}" = ... WHERE "${column}" IS NULL), ` +
      `or keep the field "optional": true in config/models/${table}.json.`
    );
  }
  match = ADDED_REQUIRED.exec(line);
  if (match) {
    const [, column, table] = match;
    return `Give ${table}.${column} a "default" in config/models/${table}.json, or make it "optional": true.`;
  }
  const cast = NO_CAST.exec(line);
  if (cast) {
    const [, column, table] = cast;
    return (
      `The database cannot convert the values of ${table}.${column} to the new type. To keep them: keep the old type, ` +
      `or add a new field of the new type, copy the converted values into it (SQL), then remove ${column}. ` +
      `To discard them: make ${column} "optional": true in config/models/${table}.json and re-run with ` +
      '--accept-data-loss (the column is dropped and recreated empty).'
    );
  }
  return 'Change the model so the existing rows fit it (a "default" or "optional": true in config/models/), or change those rows first.';
}

/**
 * The refusal message. `warnings` are applied with --accept-data-loss; `unexecutable` steps are
 * skipped by the engine even when forced, so for them the message says what helps instead.
 */
export function dataLossMessage(
  warnings: string[],
  unexecutable: string[],
  renameHints: string[] = [],
): string {
  const list = (lines: string[]): string => lines.map((line) => `  - ${line}`).join('\n');
  const parts: string[] = ['The database schema was not changed.'];
  if (warnings.length > 0) parts.push(`The change would lose data:\n${list(warnings)}`);
  for (const hint of renameHints) parts.push(hint);
  if (unexecutable.length > 0) {
    const lines = unexecutable.map(
      (line) => `  - ${line}\n    what to do: ${unexecutableAdvice(line)}`,
    );
    parts.push(
      `The change cannot be applied to the rows already in the database (--accept-data-loss does not change that):\n${lines.join('\n')}`,
    );
  } else {
    parts.push('Re-run with --accept-data-loss to apply it anyway.');
  }
  return parts.join('\n');
}

/** The "fix:" line under the message. */
export function dataLossFix(unexecutable: string[]): string {
  return unexecutable.length > 0
    ? 'change the model or the rows as described above; nothing was dropped.'
    : 'undo the model change to keep the data; appgen never drops data without --accept-data-loss.';
}

/** What to do when a dropped column and a new one of the same type are most likely a rename. */
export function renameHint(table: string, column: string, field: string): string {
  return (
    `If you renamed ${table}.${column} to ${field}: rename the column in the database first to keep its values, ` +
    `e.g. ALTER TABLE "${table}" RENAME COLUMN "${column}" TO "${field}"; then run appgen db push again (nothing is lost).`
  );
}

const DROPPED_COLUMN = /drop the column `([^`]+)` on the `([^`]+)` table/;

/** Model name → field name → Prisma type (`String`, `Int?`, ...), from Prisma schema text. */
export function schemaFields(schema: string): Map<string, Map<string, string>> {
  const models = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const raw of schema.split('\n')) {
    const line = raw.trim();
    const start = /^model\s+(\w+)\s*\{$/.exec(line);
    if (start) {
      current = new Map();
      models.set(start[1], current);
    } else if (line === '}') {
      current = undefined;
    } else if (current && !line.startsWith('//') && !line.startsWith('@@')) {
      const field = /^(\w+)\s+(\w+(?:\[\])?\??)/.exec(line);
      if (field) current.set(field[1], field[2]);
    }
  }
  return models;
}

/**
 * A dropped field and a field of the same type added to the same model in one change is most
 * likely a rename, which the engine cannot tell from drop + add. `current` is the database as
 * it is (introspected), `next` the schema being pushed; models and fields map 1:1 to tables and
 * columns (the generated schema uses no @map).
 */
export function renameHints(warnings: string[], current: string, next: string): string[] {
  const before = schemaFields(current);
  const after = schemaFields(next);
  const hints: string[] = [];
  for (const warning of warnings) {
    const dropped = DROPPED_COLUMN.exec(warning);
    if (!dropped) continue;
    const [, column, table] = dropped;
    const oldFields = before.get(table);
    const newFields = after.get(table);
    const type = oldFields?.get(column)?.replace(/\?$/, '');
    if (!oldFields || !newFields || type === undefined) continue;
    for (const [field, fieldType] of newFields) {
      if (oldFields.has(field) || fieldType.replace(/\?$/, '') !== type) continue;
      hints.push(renameHint(table, column, field));
    }
  }
  return hints;
}
