/** The plan check of `npm run bench -- data` (see planCheck.js). */

export const BIG_TABLE_ROWS: number;

export interface LoggedStatement {
  sql: string;
  /** null: the logged parameters were not JSON. */
  params: unknown[] | null;
}

export interface BigScan {
  table: string;
  rows: number;
  scan: string;
}

export function parseSqlLog(text: string): LoggedStatement[];
export function isTotalCount(sql: string): boolean;
export function isQuery(sql: string): boolean;
export function pgBigScans(
  explained: unknown,
  rows: Record<string, number>,
  limit?: number,
): BigScan[];
export function sqliteBigScans(
  planRows: Array<{ detail: string }>,
  rows: Record<string, number>,
  limit?: number,
  aliases?: Record<string, string>,
): BigScan[];
export function violations<T extends { sql: string; bigScans: BigScan[] }>(
  checked: T[],
  endpoint: { counted?: boolean },
): T[];
