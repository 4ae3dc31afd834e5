import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { closestMatch, suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument, ConfigKind } from '../load/configDocument';
import { childPointer, diagnosticAt } from './locate';
import { type RenameParams, withoutOtherForms, withRenamedKeys } from './schemaErrorFilters';
import { builtValidator, newAjv, schemaText } from './schemaCompiler';

let ajv: Ajv | undefined;
const compiled = new Map<ConfigKind, ValidateFunction>();

/**
 * The validator of one kind of config file, made on first use: a run that checks only the
 * settings (a cached generation) makes that one alone. Built ahead of time by `npm run build`
 * when that build is of this schema (src/validate/schemaCompiler.ts), else compiled here.
 */
function validatorOf(kind: ConfigKind): ValidateFunction {
  const known = compiled.get(kind);
  if (known) return known;
  const text = schemaText(kind);
  let validate = builtValidator(kind, text);
  if (!validate) {
    ajv ??= newAjv();
    validate = ajv.compile(JSON.parse(text));
  }
  compiled.set(kind, validate);
  return validate;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * A fix for a value that fails a name or path pattern: the nearest spelling that fits (e.g.
 * "user" → "User", "first-name" → "firstName", "api/users" → "/api/users", "errors[].body" →
 * "errors.body[]"), else a general hint.
 */
export function patternHint(value: unknown, pattern: string): string {
  const fallback = 'change it to fit the rule above.';
  if (typeof value !== 'string') return fallback;
  const parts = value.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const pascal = parts.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  const camel = pascal.charAt(0).toLowerCase() + pascal.slice(1);
  // A dotted path of keys (an error format's "errors.body[]"): each key cleaned (what follows a
  // [] in it dropped), empty ones dropped, and a list's [] once, at the end.
  const dotted = `${value
    .split('.')
    .map((key) =>
      key
        .replace(/\[\].*$/, '')
        .replace(/[^A-Za-z0-9_]+/g, '_')
        .replace(/^_+|_+$/g, ''),
    )
    .filter(Boolean)
    .join('.')}${value.includes('[]') ? '[]' : ''}`;
  // "ownr:authorId" → "owner:authorId": the pattern's own word before a ":" (the built-in
  // voter's "owner:"), spelt as the pattern spells it, before any name made of the whole value.
  const [prefix, ...rest] = value.split(':');
  const words = [...pattern.matchAll(/([a-z]+):/g)].map((m) => m[1]);
  const word = rest.length ? closestMatch(prefix, words) : undefined;
  // "GTE /api/posts" → "GET /api/posts": the closest of the pattern's methods.
  const [method, ...path] = value.split(' ');
  const methods = [...pattern.matchAll(/[A-Z]{3,}/g)].map((m) => m[0]);
  const fixedMethod = path.length ? closestMatch(method, methods) : undefined;
  const candidates = [
    ...(fixedMethod ? [`${fixedMethod} ${path.join(' ')}`] : []),
    // "Post[ ]" → "Post[]", " User" → "User": stray spaces around punctuation or at the ends.
    value.trim().replace(/\s*([[\].:])\s*/g, '$1'),
    ...(word ? [`${word}:${rest.join(':')}`] : []),
    ...(/[.[]/.test(value) ? [dotted] : []),
    value.replace(/[^A-Za-z0-9_]+/g, '_'),
    camel,
    value.endsWith('[]') ? `${pascal}[]` : pascal,
    pascal,
    `/${value}`,
  ];
  const regex = new RegExp(pattern, 'u');
  const fit = candidates.find((candidate) => candidate !== value && regex.test(candidate));
  return fit === undefined ? fallback : `write "${fit}".`;
}

/** `use a number from 1 to 100.`, from the bounds of the number's schema. */
function rangeHint(schema: Record<string, unknown>): string {
  const { minimum: min, maximum: max } = schema;
  const kind = schema.type === 'integer' ? 'a whole number' : 'a number';
  if (typeof min === 'number' && typeof max === 'number')
    return `use ${kind} from ${min} to ${max}.`;
  if (typeof min === 'number') return `use ${kind} of ${min} or more.`;
  return `use ${kind} of ${String(max)} or less.`;
}

/** `write true, without quotes.` for "true" where the allowed values include true. */
function unquotedHint(value: unknown, allowed: unknown[]): string | undefined {
  if (typeof value !== 'string' || !/^(-?\d+(\.\d+)?|true|false)$/.test(value.trim())) return;
  const parsed: unknown = JSON.parse(value.trim());
  return allowed.includes(parsed) ? `write ${value.trim()}, without quotes.` : undefined;
}

/** `write 20 (a number, without quotes).` for "20" where a number belongs; else what to write. */
function typeHint(value: unknown, types: string[]): string {
  const unquoted = typeof value === 'string' ? value.trim() : undefined;
  const fits = (text: string): boolean => {
    const parsed: unknown = JSON.parse(text);
    return types.some((type) =>
      type === 'integer' ? Number.isInteger(parsed) : typeof parsed === type,
    );
  };
  if (unquoted !== undefined && /^(-?\d+(\.\d+)?|true|false)$/.test(unquoted) && fits(unquoted))
    return `write ${unquoted}, without quotes.`;
  const words: Record<string, string> = {
    integer: 'a whole number',
    number: 'a number',
    string: 'a text in double quotes',
    boolean: 'true or false',
    array: 'a list in [ ]',
    object: 'an object in { }',
    null: 'null',
  };
  return `write ${types.map((type) => words[type] ?? type).join(' or ')} here.`;
}

function toDiagnostic(document: ConfigDocument, error: ErrorObject): Diagnostic | undefined {
  const pointer = error.instancePath;
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const custom =
    typeof parent.patternErrorMessage === 'string' ? parent.patternErrorMessage : undefined;
  switch (error.keyword) {
    case 'if':
      return undefined; // the failing branch reports its own errors
    case 'additionalProperties': {
      const { additionalProperty: property, renameTo } = error.params as RenameParams;
      const known = Object.keys((parent.properties as Record<string, unknown>) ?? {}).filter(
        (k) => k !== '$schema',
      );
      return diagnosticAt(
        document,
        childPointer(pointer, property),
        `unknown property "${property}"`,
        renameTo
          ? `did you mean "${renameTo}"?`
          : known.length
            ? suggest(property, known)
            : 'remove it.',
        'key',
      );
    }
    case 'required': {
      const property = (error.params as { missingProperty: string }).missingProperty;
      return diagnosticAt(
        document,
        pointer,
        `missing required property "${property}"`,
        `add "${property}".`,
      );
    }
    case 'enum': {
      const values = (error.params as { allowedValues: unknown[] }).allowedValues;
      // Values of other types (true, false beside "optional") are listed as JSON, unquoted.
      const hint = values.every((value) => typeof value === 'string')
        ? // Only a string has a spelling to correct; String() throws on some objects ({ "toString": 1 }).
          suggest(
            typeof error.data === 'string' ? error.data : (JSON.stringify(error.data) ?? ''),
            values as string[],
          )
        : (unquotedHint(error.data, values) ??
          `use one of ${values.map((value) => JSON.stringify(value)).join(', ')}.`);
      return diagnosticAt(
        document,
        pointer,
        `${describeValue(error.data)} is not allowed here`,
        hint,
      );
    }
    case 'type': {
      // ajv gives "string,number" for a list of types in one schema, and an array for types from several.
      const types = [(error.params as { type: string | string[] }).type]
        .flat()
        .join(',')
        .split(',');
      return diagnosticAt(
        document,
        pointer,
        `must be ${types.join(' or ')}, got ${describeValue(error.data)}`,
        typeHint(error.data, types),
      );
    }
    case 'pattern':
      return diagnosticAt(
        document,
        pointer,
        `${describeValue(error.data)} ${custom ?? `must match ${error.params.pattern}`}`,
        patternHint(error.data, error.params.pattern as string),
      );
    case 'propertyNames': {
      const name = (error.params as { propertyName: string }).propertyName;
      return diagnosticAt(
        document,
        childPointer(pointer, name),
        `"${name}" is not a valid name`,
        undefined,
        'key',
      );
    }
    case 'oneOf':
    case 'anyOf':
      // Left only when no form takes the value's type (withoutOtherForms).
      return diagnosticAt(
        document,
        pointer,
        typeof parent.errorMessage === 'string'
          ? `${describeValue(error.data)}: ${parent.errorMessage}`
          : `must be ${formTypes(error)}, got ${describeValue(error.data)}`,
      );
    case 'minimum':
    case 'maximum':
      return diagnosticAt(document, pointer, error.message ?? 'is out of range', rangeHint(parent));
    case 'minProperties':
      return diagnosticAt(document, pointer, 'must not be empty', 'declare at least one entry.');
    case 'minItems':
      return diagnosticAt(document, pointer, 'must not be empty', 'list at least one value.');
    case 'uniqueItems':
      return diagnosticAt(document, pointer, 'lists the same value twice', 'remove the duplicate.');
    default:
      return diagnosticAt(document, pointer, error.message ?? 'is invalid');
  }
}

/**
 * Parts of the schemas that are there for editors (completion, a flagged mistake): appgen checks
 * the same values itself, with a better message, so what ajv says of them is left out. The
 * validator names (src/config/validatorSchema.ts): checkValidators says "did you mean" and what
 * the argument must be, one error per mistake.
 */
const FOR_EDITORS = ['#/definitions/validator/anyOf'];

const forEditors = (error: ErrorObject) =>
  FOR_EDITORS.some((path) => error.schemaPath === path || error.schemaPath.startsWith(`${path}/`));

/** The types a `oneOf`'s or `anyOf`'s forms take, in words: "string or object". */
function formTypes(error: ErrorObject): string {
  const forms = ((error.schema ?? []) as Array<{ type?: string | string[] }>)
    .map((form) => form.type)
    .filter((type) => type !== undefined);
  return [...new Set(forms.flat())].join(' or ') || 'another value';
}

/** Checks one document against its JSON Schema; returns every problem found. */
export function validateAgainstSchema(document: ConfigDocument): Diagnostic[] {
  const validate = validatorOf(document.kind);
  if (validate(document.value)) return [];
  const errors = withRenamedKeys(
    withoutOtherForms((validate.errors ?? []).filter((error) => !forEditors(error))),
  );
  // A bad property name also fails the pattern inside propertyNames; keep only the clearer one.
  const namePatternErrors = new Map<string, Diagnostic>();
  const diagnostics: Diagnostic[] = [];
  for (const error of errors) {
    if (error.keyword === 'pattern' && error.propertyName !== undefined) {
      const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
      const target = childPointer(error.instancePath, error.propertyName);
      const hint = patternHint(error.propertyName, (error.params as { pattern: string }).pattern);
      namePatternErrors.set(
        target,
        diagnosticAt(
          document,
          target,
          `"${error.propertyName}" ${String(parent.patternErrorMessage ?? 'is not a valid name')}`,
          hint,
          'key',
        ),
      );
      continue;
    }
    const diagnostic = toDiagnostic(document, error);
    if (diagnostic) diagnostics.push(diagnostic);
  }
  const withoutGenericNames = diagnostics.filter(
    (d) =>
      !(
        d.message.endsWith('is not a valid name') &&
        [...namePatternErrors.values()].some((n) => n.jsonPath === d.jsonPath)
      ),
  );
  const all = [...withoutGenericNames, ...namePatternErrors.values()];
  const seen = new Set<string>();
  return all.filter((d) => {
    const key = `${d.jsonPath}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
