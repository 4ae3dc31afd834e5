export declare function jsonError(status: number, message: string): Response;
export declare function isUniqueViolation(error: unknown, field: string): boolean;
export declare function invalidBody(
  problems: readonly string[],
  fields?: Readonly<Record<string, string>>,
): Response;
export declare function json(
  data: unknown,
  status?: number,
  headers?: Record<string, string>,
): Response;
export declare function noContent(): Response;
export declare class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string);
}
