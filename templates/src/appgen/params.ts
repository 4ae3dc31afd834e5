import { isStorableText } from "./body";
import { jsonError } from "./http";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A whole number an `int` field can hold (32 bits, as in bodies): PostgreSQL answers 500 to a
 * larger one.
 */
export function isIntParam(value: string): boolean {
  return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= 2147483647;
}

/** A string parameter selects by a model field: text PostgreSQL cannot compare would answer 500. */
export function isTextParam(value: string): boolean {
  return isStorableText(value);
}

/** A path parameter of the wrong shape cannot match any record: answer 400 before any query. */
export function invalidParam(name: string, expected: string): Response {
  return jsonError(400, `Invalid path parameter "${name}": expected ${expected}`);
}
