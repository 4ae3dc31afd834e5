import type { HelperDelegate } from 'handlebars';
import { HELPERS } from './helpers';
import { PARTIAL_ARGUMENTS_HELPER } from './partialArguments';

/**
 * Handlebars' runtime wraps every helper, at every render of a file, in a function that copies
 * the call's options into a new object with a `lookupProperty` added (for the `lookup` helper),
 * and calls the helper with `apply`: at each helper call, which is most of what a template does
 * besides reading fields (issue 51's generation time: ~3% of a cold run's instructions at
 * N = 100, more than the branch point's templates spent, whose helper calls were fewer). appgen's
 * helpers and Handlebars' block helpers `if`, `each`, `unless` and `with` never read that
 * property, so the compiled templates call them as they were registered, from a table that the
 * runtime does not wrap (it wraps functions only): `helpers.appgenDirectHelpers["ident"]` where
 * Handlebars wrote `lookupProperty(helpers,"ident")`. Other helpers (`lookup`, `log`) keep their
 * wrapper.
 */

/** The table's name among the helpers: TemplateSet's check refuses it in templates. */
export const DIRECT_HELPERS = 'appgenDirectHelpers';

/** The helpers called directly: appgen's, and the block helpers that take no `lookupProperty`. */
export const DIRECT_HELPER_NAMES: readonly string[] = [
  ...Object.keys(HELPERS),
  PARTIAL_ARGUMENTS_HELPER,
  'if',
  'each',
  'unless',
  'with',
];

/** The table to register under DIRECT_HELPERS: each helper as `registered` holds it. */
export function directHelpers(
  registered: Readonly<Record<string, HelperDelegate>>,
): Record<string, HelperDelegate> {
  const table: Record<string, HelperDelegate> = Object.create(null) as Record<
    string,
    HelperDelegate
  >;
  for (const name of DIRECT_HELPER_NAMES) {
    const helper = registered[name];
    if (typeof helper !== 'function') throw new Error(`helper "${name}" is not registered`);
    table[name] = helper;
  }
  return table;
}

const HELPER_LOOKUP = /lookupProperty\(helpers,"([A-Za-z_$][\w$]*)"\)/g;

/**
 * Handlebars' precompiled code with each lookup of a helper of DIRECT_HELPER_NAMES replaced by
 * its entry in the table. The pattern is what Handlebars 4 generates; code it does not match is
 * left as it is (a slower call, the same result). It cannot occur inside the template's own
 * text, which the code holds in string literals with their double quotes escaped.
 */
export function callHelpersDirectly(specSource: string): string {
  return specSource.replace(HELPER_LOOKUP, (lookup, name: string) =>
    DIRECT.has(name) ? `helpers.${DIRECT_HELPERS}[${JSON.stringify(name)}]` : lookup,
  );
}

const DIRECT = new Set(DIRECT_HELPER_NAMES);
