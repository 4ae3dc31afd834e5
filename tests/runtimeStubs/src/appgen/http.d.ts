export declare function jsonError(status: number, message: string): Response;
export declare function isUniqueViolation(error: unknown, field: string): boolean;
export declare function invalidBody(
  problems: readonly string[],
  fields?: Readonly<Record<string, string>>,
): Response;
