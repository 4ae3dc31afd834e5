// What src/appgen/listState.ts uses of query.ts (a template, rendered per project).
export interface ListQuerySpec {
  filters: Record<string, { type: string; values?: readonly string[]; related?: boolean }>;
  sorts: readonly string[];
  defaultSort: { field: string; descending: boolean } | null;
  pageSize: number | null;
  maxPageSize: number;
  cursor?: Record<string, 'string' | 'int' | 'float' | 'date'>;
}
export declare function readListQuery(
  request: Request,
  spec: ListQuerySpec,
): { ok: true; query: unknown } | { ok: false; response: Response };
