import fs from 'fs';
import Handlebars from 'handlebars/runtime';
import path from 'path';
import { sha256Hex } from '../hash/sha256Hex';
import { makeArgumentsStrict } from './makeArgumentsStrict';
import { callHelpersDirectly, DIRECT_HELPER_NAMES } from './directHelpers';
import { shareLocations } from './sharedLocations';

/**
 * Built-in templates compiled ahead of time. `npm run build` (scripts/build-templates.js) writes,
 * for every built-in template, a module under dist/render/precompiled/ holding Handlebars'
 * precompiled form of the template (what `compile` would build at run time) and the digest of
 * what it was compiled from. A run takes a module only when its digest is that of the template's
 * text now, so an edited template or a stale build is compiled at run time as before: slower,
 * never different. A project's own templates are always compiled at run time.
 */

/**
 * How every template is compiled (at run time and ahead of time alike). Frozen: Handlebars adds
 * its defaults to the options it is given, so it gets a copy (`compileOptions()`).
 */
const COMPILE_OPTIONS = Object.freeze({ strict: true, noEscape: true });

/** A fresh copy of the compile options, for Handlebars to change as it likes. */
export const compileOptions = (): CompileOptions => ({ ...COMPILE_OPTIONS });

export const PRECOMPILED_DIR = path.join(__dirname, 'precompiled');

/**
 * What a template's compiled form is made from: its text, Handlebars' version, the compile
 * options, appgen's rewrite of the parsed template and of the generated code (their code, as text).
 */
export function templateDigest(text: string): string {
  return sha256Hex(`${DIGEST_PREFIX}\0${text}`);
}

/** The part of every digest that is the same for the life of the process. */
const DIGEST_PREFIX = JSON.stringify({
  handlebars: Handlebars.VERSION,
  options: COMPILE_OPTIONS,
  rewrite: makeArgumentsStrict.toString(),
  code: [shareLocations.toString(), callHelpersDirectly.toString(), DIRECT_HELPER_NAMES],
});

/**
 * Handlebars' precompiled code (the source of a template's specification) as appgen runs it:
 * each source location made once (sharedLocations.ts) and appgen's helpers and the block
 * helpers called without the runtime's wrapper (directHelpers.ts). Rendering the same.
 */
export function rewriteCompiledCode(specSource: string): string {
  return callHelpersDirectly(shareLocations(specSource));
}

/** A CommonJS module exporting the precompiled template (`spec`) and its `digest`. */
export function precompiledModule(specSource: string, text: string): string {
  return `module.exports = { digest: ${JSON.stringify(templateDigest(text))}, spec: ${specSource} };\n`;
}

/** Where the module of the template `name` (e.g. `src/app/[route]/route.ts.hbs`) is written. */
export function precompiledFile(name: string, dir: string = PRECOMPILED_DIR): string {
  return path.join(dir, `${name}.js`);
}

/** The template compiled ahead of time for `name`, if there is one for this very text. */
export type PrecompiledLookup = (name: string, text: string) => TemplateSpecification | undefined;

/** Looks up modules in `dir` (dist's own by default); none when the folder is missing (ts-node, jest). */
export function precompiledIn(dir: string = PRECOMPILED_DIR): PrecompiledLookup | undefined {
  if (!fs.existsSync(dir)) return undefined;
  return (name, text) => {
    const file = precompiledFile(name, dir);
    if (!file.startsWith(`${dir}${path.sep}`) || !fs.existsSync(file)) return undefined;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const built = require(file) as { digest?: unknown; spec?: unknown };
    return built.digest === templateDigest(text) && typeof built.spec === 'object' && built.spec
      ? (built.spec as TemplateSpecification)
      : undefined;
  };
}
