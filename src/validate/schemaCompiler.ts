import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import type * as Standalone from 'ajv/dist/standalone';
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import type { ConfigKind } from '../load/configDocument';
import { SCHEMAS_DIR } from '../paths/packageRoot';

/**
 * How appgen's config schemas become validators: compiled by ajv at run time, or ahead of time
 * by `npm run build` (scripts/build-validators.js) into dist/validate/standalone/, which saves
 * compiling them on every run. Both come from `newAjv` here, so they check alike; a unit test
 * compares them (tests/unit/validate/standaloneValidators.test.ts).
 */
export const SCHEMA_FILES: Record<ConfigKind, string> = {
  model: 'model.schema.json',
  routes: 'routes.schema.json',
  view: 'view.schema.json',
  events: 'events.schema.json',
  jobs: 'jobs.schema.json',
  settings: 'appgen.config.schema.json',
};

const OPTIONS = {
  // verbose: errors carry their parentSchema, which holds our messages. They use the keywords
  // editors read (VS Code's JSON service shows patternErrorMessage / errorMessage too).
  // validateSchema: false skips checking appgen's own schemas against JSON Schema's meta-schema
  // on every run (compiling the meta-schema cost more than the settings schema itself);
  // tests/unit/validate/schemaFiles.test.ts checks them once, with it.
  allErrors: true,
  verbose: true,
  strict: true,
  allowUnionTypes: true,
  validateSchema: false,
} as const;
const KEYWORDS = ['patternErrorMessage', 'errorMessage'];

/** ajv with appgen's options; loaded on first use (a run with built validators never loads it). */
export function newAjv(options: { source?: boolean } = {}): Ajv {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: AjvClass } = require('ajv') as { default: typeof Ajv };
  const ajv = new AjvClass({ ...OPTIONS, code: { source: options.source === true } });
  for (const keyword of KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string' });
  return ajv;
}

/** The text of one kind's schema file. */
export function schemaText(kind: ConfigKind): string {
  return fs.readFileSync(path.join(SCHEMAS_DIR, SCHEMA_FILES[kind]), 'utf8');
}

let ajvVersion: string | undefined;

/**
 * What a validator is built from: the schema's text, ajv's version and the options above. A
 * validator built ahead of time is used only when its digest is this one.
 */
export function validatorDigest(text: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  ajvVersion ??= (require('ajv/package.json') as { version: string }).version;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ ajv: ajvVersion, options: OPTIONS, keywords: KEYWORDS }))
    .update('\0')
    .update(text)
    .digest('hex');
}

/** A CommonJS module exporting the validator of `text` (`default`) and its `digest`. */
export function standaloneValidator(text: string): string {
  const ajv = newAjv({ source: true });
  const validate = ajv.compile(JSON.parse(text));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: standaloneCode } = require('ajv/dist/standalone') as typeof Standalone;
  return `${standaloneCode(ajv, validate)}\nmodule.exports.digest = ${JSON.stringify(validatorDigest(text))};\n`;
}

/** The validator built ahead of time for `kind`, if there is one for this very schema text. */
export function builtValidator(
  kind: ConfigKind,
  text: string,
  dir: string = path.join(__dirname, 'standalone'),
): ValidateFunction | undefined {
  const file = path.join(dir, `${kind}.js`);
  if (!fs.existsSync(file)) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const built = require(file) as { default?: unknown; digest?: unknown };
  return built.digest === validatorDigest(text) && typeof built.default === 'function'
    ? (built.default as ValidateFunction)
    : undefined;
}
