import type { JsonResponse } from './http';

/** Every error answer of a generated app is exactly `{ "error": "<message>" }`. */
export function expectError(
  response: JsonResponse,
  status: number,
  message?: string | RegExp,
): void {
  expect(response.status).toBe(status);
  expect(Object.keys(response.body as object)).toEqual(['error']);
  const error = (response.body as { error: unknown }).error;
  expect(typeof error).toBe('string');
  if (message instanceof RegExp) expect(error).toMatch(message);
  else if (message !== undefined) expect(error).toBe(message);
}

/**
 * A body that failed validation (issue 50 §4): 400 with `error`, the sentences in turn, and
 * `fields`, each failing field's own sentence by its path; `message` when no field is named.
 */
export function expectInvalidBody(
  response: JsonResponse,
  fields: Record<string, string>,
  message = Object.values(fields).join(' '),
): void {
  expect([response.status, response.body]).toEqual([400, { error: message, fields }]);
}
