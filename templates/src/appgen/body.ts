import { invalidBody, jsonError } from "./http";

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A JSON value as a body may set it: `null` means "no value" and is handled by `nullable`. */
export type JsonInput =
  string | number | boolean | JsonInput[] | { [key: string]: JsonInput | null };

export type BodyFieldType =
  | "string"
  | "text"
  | "int"
  | "float"
  | "boolean"
  | "datetime"
  | "uuid"
  | "password"
  | "json"
  | "enum"
  | "uuid[]"
  | "string[]";
// The validator names appgen accepts: a spec naming another, or a runtime missing one, does not
// compile.
export type ValidatorName =
  | "notEmpty"
  | "isEmail"
  | "isUrl"
  | "isUuid"
  | "isAlphanumeric"
  | "isLowercase"
  | "isUppercase"
  | "minLength"
  | "maxLength"
  | "matches"
  | "isIn"
  | "min"
  | "max"
  | "isPositive"
  | "isFuture"
  | "isPast";
export type ValidatorSpec = readonly [
  name: ValidatorName,
  argument?: number | string | readonly string[],
];
/** Changes a text goes through before its validators (a body field's `transform`, in order). */
export type TransformName = keyof typeof TRANSFORMS;

export interface BodyFieldSpec {
  type: BodyFieldType;
  /** The field's name in words (`publishedAt` → "Published at"): how its messages name it. */
  label: string;
  required: boolean;
  nullable: boolean;
  values?: readonly string[];
  /**
   * string, text and string[] (each text): applied in order before the validators; the result is
   * stored.
   */
  transforms?: readonly TransformName[];
  validators: readonly ValidatorSpec[];
}

export type BodySpec = Record<string, BodyFieldSpec>;

/** Largest request body accepted, in bytes: reading stops there and the request is answered 413. */
export const MAX_BODY_BYTES = 1_048_576;

/**
 * Deepest nesting of arrays and objects in a `json` value: far deeper ones overflow the stack of
 * the ORM's serializer (500).
 */
export const MAX_JSON_DEPTH = 100;

/** Most items a `uuid[]` or `string[]` field may list: bounds the records one request links. */
export const MAX_LIST_ITEMS = 1000;

/**
 * Longest text `isEmail` takes, in bytes of UTF-8: RFC 5321 allows a path of 256 octets, the
 * address and its two angle brackets.
 */
export const MAX_EMAIL_BYTES = 254;
/**
 * Longest text `isUrl` takes, in bytes of UTF-8: RFC 9110 (4.1) asks every HTTP sender and
 * recipient to support URIs of 8,000 octets, and no more.
 */
export const MAX_URL_BYTES = 8000;
/**
 * Longest text a `matches:<pattern>` validator runs its pattern on, in characters: JavaScript's
 * regular expressions backtrack, and a pattern with overlapping repetitions (`^\d+\d+$`) takes
 * time growing with the square of the text or worse; within 1,000 characters that stays
 * milliseconds.
 */
export const MAX_MATCHED_CHARACTERS = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * JSON and its `+json` kinds (`application/vnd.api+json`), with parameters; not
 * `application/json-seq`.
 */
export const JSON_TYPE = /^application\/([a-z0-9!#$&^_.-]+\+)?json[ \t]*(;.*)?$/i;

/**
 * U+0000 and unpaired surrogates: PostgreSQL refuses them in text and json (500 before this check)
 * and SQLite would store them; refused everywhere, so every database gives the same answer.
 */
const UNSTORABLE = /[\u0000\p{Cs}]/u;
const UNSTORABLE_MESSAGE = "must not contain U+0000 or an unpaired surrogate";

/** Whether text can be stored as sent on every database (see UNSTORABLE). */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * A date (`2024-01-31`, midnight UTC) or a date-time with seconds optional, fraction optional and
 * `Z` or an offset required (`1999-12-31T23:30:00.5+02:00`): ISO 8601's extended format, nothing
 * else (Date.parse also takes "1", "2030" and RFC 2822, and rolls 2024-02-30 over into March).
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}))?$/;
/**
 * 0100-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z: what every ORM and database stores and
 * reads back (`+275760-…` and `-000001-…` failed on SQLite, `0000-…` on PostgreSQL, and Drizzle on
 * PostgreSQL reads years 0001-0099 back as 19xx/20xx: it parses the driver's text with Date).
 */
const EARLIEST = -59011459200000;
const LATEST = 253402300799999;
export const DATE_MESSAGE =
  "must be an ISO 8601 date (1999-12-31 or 1999-12-31T23:59:59Z) from year 0100 to 9999";

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** The instant an ISO 8601 date or date-time names, if it is a real one in years 0100-9999. */
export function parseIsoDate(text: string): Date | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return undefined;
  const zone = match[8] ?? "Z";
  const [zoneHours, zoneMinutes] =
    zone === "Z" ? [0, 0] : [Number(zone.slice(1, 3)), Number(zone.slice(4))];
  if (zoneHours > 23 || zoneMinutes > 59) return undefined;
  const offsetMinutes = (zone[0] === "-" ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, Number((match[7] ?? "").padEnd(3, "0").slice(0, 3)));
  const time = date.getTime() - offsetMinutes * 60_000;
  return time >= EARLIEST && time <= LATEST ? new Date(time) : undefined;
}

/** Why a `json` value cannot be stored (too deep, or text that cannot be stored), or undefined. */
function jsonProblem(value: unknown, depth: number): string | undefined {
  if (typeof value === "string") return isStorableText(value) ? undefined : UNSTORABLE_MESSAGE;
  if (typeof value !== "object" || value === null) return undefined;
  if (depth > MAX_JSON_DEPTH) return `must be nested at most ${MAX_JSON_DEPTH} levels deep`;
  for (const [key, item] of Object.entries(value)) {
    const problem = isStorableText(key) ? jsonProblem(item, depth + 1) : UNSTORABLE_MESSAGE;
    if (problem) return problem;
  }
  return undefined;
}

const TRANSFORMS = {
  trim: (text: string) => text.trim(),
  toLowerCase: (text: string) => text.toLowerCase(),
} satisfies Record<string, (text: string) => string>;

/** A text after the field's transforms; other values as they are. */
function transformed(value: unknown, field: BodyFieldSpec): unknown {
  if (typeof value !== "string" || !field.transforms) return value;
  return field.transforms.reduce((text, name) => TRANSFORMS[name](text), value);
}

/**
 * The characters (code points, as `[...text].length`) of a text, counted up to `limit` + 1 only.
 */
function countCharacters(text: string, limit: number): number {
  let count = 0;
  for (let i = 0; i < text.length && count <= limit; i++, count++) {
    if ((text.codePointAt(i) as number) > 0xffff) i++;
  }
  return count;
}

/**
 * `local@domain.tld`: one "@" with text before it, a "." inside the domain with text on both
 * sides, no white space, at most MAX_EMAIL_BYTES. Plain code, not a regular expression: the
 * former /^[^\s@]+@[^\s@]+\.[^\s@]+$/ backtracked quadratically ("a@" + "." x 80,000 + "@" held
 * the server for seconds).
 */
function isEmailAddress(text: string): boolean {
  if (Buffer.byteLength(text, "utf8") > MAX_EMAIL_BYTES || /\s/.test(text)) return false;
  const at = text.indexOf("@");
  return at > 0 && at === text.lastIndexOf("@") && text.slice(at + 2, -1).includes(".");
}

/**
 * Why a text fails a `matches` pattern: too long to run it on (MAX_MATCHED_CHARACTERS), or no
 * match.
 */
function patternProblem(text: string, pattern: string): string | undefined {
  if (countCharacters(text, MAX_MATCHED_CHARACTERS) > MAX_MATCHED_CHARACTERS)
    return `is too long to check its format (at most ${MAX_MATCHED_CHARACTERS} characters)`;
  return new RegExp(pattern, "u").test(text) ? undefined : "has an invalid format";
}

/** Each validator returns a message (completing "<field> ...") when the value fails it. */
const VALIDATORS: Record<
  ValidatorName,
  (value: unknown, argument: ValidatorSpec[1]) => string | undefined
> = {
  notEmpty: (v) => (typeof v === "string" && v.trim() === "" ? "must not be empty" : undefined),
  isEmail: (v) =>
    typeof v === "string" && !isEmailAddress(v) ? "must be an email address" : undefined,
  isUrl: (v) =>
    typeof v === "string" && !isHttpUrl(v) ? "must be an http or https URL" : undefined,
  isUuid: (v) => (typeof v === "string" && !UUID.test(v) ? "must be a UUID" : undefined),
  isAlphanumeric: (v) =>
    typeof v === "string" && !/^[A-Za-z0-9]*$/.test(v)
      ? "must contain only letters and digits"
      : undefined,
  isLowercase: (v) =>
    typeof v === "string" && v !== v.toLowerCase() ? "must be lower case" : undefined,
  isUppercase: (v) =>
    typeof v === "string" && v !== v.toUpperCase() ? "must be upper case" : undefined,
  minLength: (v, n) =>
    typeof v === "string" && countCharacters(v, Number(n)) < Number(n)
      ? `must be at least ${n} characters long`
      : undefined,
  maxLength: (v, n) =>
    typeof v === "string" && countCharacters(v, Number(n)) > Number(n)
      ? `must be at most ${n} characters long`
      : undefined,
  matches: (v, pattern) => (typeof v === "string" ? patternProblem(v, String(pattern)) : undefined),
  isIn: (v, list) =>
    typeof v === "string" && !(list as readonly string[]).includes(v)
      ? `must be one of ${(list as readonly string[]).join(", ")}`
      : undefined,
  min: (v, n) => (typeof v === "number" && v < Number(n) ? `must be at least ${n}` : undefined),
  max: (v, n) => (typeof v === "number" && v > Number(n) ? `must be at most ${n}` : undefined),
  isPositive: (v) => (typeof v === "number" && !(v > 0) ? "must be positive" : undefined),
  isFuture: (v) =>
    typeof v === "string" && !(Date.parse(v) > Date.now()) ? "must be in the future" : undefined,
  isPast: (v) =>
    typeof v === "string" && !(Date.parse(v) < Date.now()) ? "must be in the past" : undefined,
};

function isHttpUrl(value: string): boolean {
  if (Buffer.byteLength(value, "utf8") > MAX_URL_BYTES) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Checks a value against its type; returns a message, or the value to store. */
function coerce(value: unknown, field: BodyFieldSpec): { error: string } | { value: unknown } {
  switch (field.type) {
    case "int":
      return Number.isInteger(value) && Math.abs(value as number) <= 2147483647
        ? { value }
        : { error: "must be a whole number" };
    case "float":
      return typeof value === "number" && Number.isFinite(value)
        ? { value }
        : { error: "must be a number" };
    case "boolean":
      return typeof value === "boolean" ? { value } : { error: "must be true or false" };
    case "datetime": {
      const date = typeof value === "string" ? parseIsoDate(value) : undefined;
      return date ? { value: date.toISOString() } : { error: DATE_MESSAGE };
    }
    case "uuid":
      return typeof value === "string" && UUID.test(value)
        ? { value }
        : { error: "must be a UUID" };
    case "enum":
      return typeof value === "string" && (field.values ?? []).includes(value)
        ? { value }
        : { error: `must be one of ${(field.values ?? []).join(", ")}` };
    case "json": {
      const problem = jsonProblem(value, 1);
      return problem ? { error: problem } : { value };
    }
    case "uuid[]":
      // A list of record ids, each once (a link exists or not), in the order first given.
      if (
        !Array.isArray(value) ||
        !value.every((item) => typeof item === "string" && UUID.test(item))
      )
        return { error: "must be a list of UUIDs" };
      return value.length <= MAX_LIST_ITEMS
        ? { value: [...new Set(value)] }
        : { error: `must be a list of at most ${MAX_LIST_ITEMS} UUIDs` };
    case "string[]":
      // A list of texts (e.g. names of related records); duplicates are removed after the
      // validators ran on each.
      if (!Array.isArray(value) || !value.every((item) => typeof item === "string"))
        return { error: "must be a list of strings" };
      if (value.length > MAX_LIST_ITEMS)
        return { error: `must be a list of at most ${MAX_LIST_ITEMS} strings` };
      return value.every((item) => isStorableText(item))
        ? { value }
        : { error: UNSTORABLE_MESSAGE };
    default:
      if (typeof value !== "string") return { error: "must be a string" };
      return isStorableText(value) ? { value } : { error: UNSTORABLE_MESSAGE };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What is wrong with a body: each problem as a sentence for the people who fill in forms
 * ("Title must not be empty."), in order, and per field (its path in the body, `user.email` under
 * an envelope) the sentence about that field, so that a form shows each under its own input.
 */
export interface BodyProblems {
  problems: string[];
  fields: Record<string, string>;
}

/**
 * Checks a parsed body against its spec; returns the declared fields only, or every problem. With
 * an envelope (a route's `envelope`), the fields are read from the object under that key and
 * `fields` names them by their nested path (`user.email`).
 */
export function validateBody(
  input: unknown,
  spec: BodySpec,
  envelope?: string,
): { data: Record<string, unknown> } | BodyProblems {
  if (!isObject(input)) return { problems: ["The body must be a JSON object."], fields: {} };
  let record = input;
  if (envelope !== undefined) {
    const inner = Object.prototype.hasOwnProperty.call(input, envelope)
      ? input[envelope]
      : undefined;
    const problem =
      inner === undefined ? "is required" : isObject(inner) ? undefined : "must be a JSON object";
    if (problem) {
      // Named as sent: only API clients write the envelope (a form adds it by itself).
      const sentence = `"${envelope}" ${problem}.`;
      return { problems: [sentence], fields: { [envelope]: sentence } };
    }
    record = inner as Record<string, unknown>;
  }
  const prefix = envelope === undefined ? "" : `${envelope}.`;
  const data: Record<string, unknown> = {};
  const found: BodyProblems = { problems: [], fields: {} };
  const fail = (key: string, sentence: string) => {
    found.problems.push(sentence);
    found.fields[prefix + key] = sentence;
  };
  for (const [key, field] of Object.entries(spec)) {
    const value = Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
    if (value === undefined || (value === null && !field.nullable)) {
      // An emptied field of an edit form arrives as null: the visitor reads that it needs a value.
      if (value === null || field.required) fail(key, `${field.label} is required.`);
      continue;
    }
    if (value === null) {
      data[key] = null;
      continue;
    }
    const checked = coerce(value, field);
    if ("error" in checked) {
      fail(key, `${field.label} ${checked.error}.`);
      continue;
    }
    if (field.type === "string[]") {
      // Each text is checked on its own; the first that fails is named by its place (from 1).
      const texts = (checked.value as string[]).map((text) => transformed(text, field) as string);
      const failed = texts
        .map((text, index) => ({
          index,
          failures: field.validators
            .map(([validator, argument]) => VALIDATORS[validator](text, argument))
            .filter((message): message is string => Boolean(message)),
        }))
        .find((item) => item.failures.length > 0);
      if (failed)
        fail(key, `${field.label}: item ${failed.index + 1} ${failed.failures.join(" and ")}.`);
      else data[key] = [...new Set(texts)];
      continue;
    }
    const text = transformed(checked.value, field);
    const failures = field.validators
      .map(([validator, argument]) => VALIDATORS[validator](text, argument))
      .filter((message): message is string => Boolean(message));
    if (failures.length > 0) fail(key, `${field.label} ${failures.join(" and ")}.`);
    else data[key] = text;
  }
  return found.problems.length > 0 ? found : { data };
}

/**
 * Decodes a body as UTF-8, refusing invalid sequences (a lone `ED A0 80`, a cut character) rather
 * than storing them as U+FFFD: the escaped `"\ud800"` is refused too (UNSTORABLE).
 */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The body's bytes, or undefined once they pass `limit` (MAX_BODY_BYTES): reading stops there,
 * whatever the transfer encoding (a chunked body has no Content-Length), so memory stays bounded.
 * They are decoded once at the end, so a character split across chunks decodes whole.
 */
export async function readLimitedBytes(
  request: Request,
  limit = MAX_BODY_BYTES,
): Promise<Uint8Array | undefined> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: a client still sending must not hold the answer back.
      reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads and validates a JSON request body. Fields the route does not declare are dropped, so
 * they never reach the database. Client mistakes are answered with 4xx, never 500: a body that is
 * JSON but fails the spec with VALIDATION_STATUS (appgen.config.json `errors.validationStatus`).
 * `envelope` is the key the fields sit under (the route's `envelope`), if any.
 */
export async function readBody<T>(
  request: Request,
  spec: BodySpec,
  envelope?: string,
): Promise<{ ok: true; data: T } | { ok: false; response: Response }> {
  const type = request.headers.get("content-type") ?? "";
  if (!JSON_TYPE.test(type.trim())) {
    return { ok: false, response: jsonError(415, "Content-Type must be application/json") };
  }
  const tooLarge = {
    ok: false as const,
    response: jsonError(413, `Request body is larger than ${MAX_BODY_BYTES} bytes`),
  };
  if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) return tooLarge;
  const bytes = await readLimitedBytes(request);
  if (bytes === undefined) return tooLarge;
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return { ok: false, response: jsonError(400, "Request body is not valid UTF-8") };
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return { ok: false, response: jsonError(400, "Request body is not valid JSON") };
  }
  const result = validateBody(input, spec, envelope);
  if ("problems" in result)
    return { ok: false, response: invalidBody(result.problems, result.fields) };
  return { ok: true, data: result.data as T };
}
