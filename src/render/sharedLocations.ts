/**
 * A source location as Handlebars' code generator writes it in strict mode: each field looked up
 * (`container.strict(depth0, "name", {...})`) and each helper call's options carry one, for the
 * error a missing field throws.
 */
const LOCATION = /\{"start":\{"line":\d+,"column":\d+\},"end":\{"line":\d+,"column":\d+\}\}/g;

/**
 * Handlebars' precompiled form of a template (the source of its specification) with each distinct
 * location written once, in a list made when the specification is, and referred to by index
 * where it is used. As generated, each lookup builds its location object anew (three objects)
 * every time it runs: in strict mode that is most of what a template allocates, ~6,000 places
 * in the built-in templates run hundreds of times a generation (issue 51's generation time:
 * ~3% of a cold run's instructions at N = 100). The locations are only read, by the error a
 * missing field throws, so sharing them changes nothing a template does.
 *
 * The code stays an expression: `(function () { var appgenLocations = [...]; return {...}; })()`.
 * A location cannot occur inside the template's own text, which the code holds in string literals
 * with its double quotes escaped.
 */
export function shareLocations(specSource: string): string {
  const indexes = new Map<string, number>();
  const shared = specSource.replace(LOCATION, (location) => {
    let index = indexes.get(location);
    if (index === undefined) {
      index = indexes.size;
      indexes.set(location, index);
    }
    return `${LOCATIONS}[${index}]`;
  });
  if (indexes.size === 0) return specSource;
  return `(function () {\nvar ${LOCATIONS} = [${[...indexes.keys()].join(',\n')}];\nreturn ${shared};\n})()`;
}

/** The list's name: Handlebars names its own variables `stack1`, `alias1`, `helper`, `depth0`... */
const LOCATIONS = 'appgenLocations';
