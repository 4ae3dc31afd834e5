import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { delegateName, routeTypeName } from '../domain/names';
import type {
  CheckedEvent,
  CheckedModel,
  CheckedRoute,
  CheckedView,
  Origin,
} from './checkedProject';
import { childPointer, diagnosticAt } from './locate';

export interface GeneratedNameChecks {
  routes: readonly CheckedRoute[];
  views: readonly CheckedView[];
  events: readonly CheckedEvent[];
  models: ReadonlyMap<string, CheckedModel>;
  /** Every config document by file, to locate problems. */
  documents: ReadonlyMap<string, ConfigDocument>;
}

/**
 * Names a route file declares for itself (src/map/mapRoutes.ts, mapListQuery.ts): its body type,
 * body spec and list query spec. A function, voter or event imported there cannot take them.
 */
function routeLocalNames(route: CheckedRoute): string[] {
  const type = routeTypeName(route.config.method, route.config.path);
  const local = type.charAt(0).toLowerCase() + type.slice(1);
  return [`${type}Body`, `${local}BodySpec`, `${local}Query`];
}

/**
 * The helpers of src/appgen/search.ts, one per searched model (`postSearch`, src/map/mapSearch.ts),
 * by name: a route file that searches imports its model's, so a function, voter or event of that
 * name would clash with the import.
 */
function searchHelpers(routes: readonly CheckedRoute[]): Map<string, string> {
  const helpers = new Map<string, string>();
  for (const route of routes)
    if (route.model && route.config.query?.search?.length)
      helpers.set(`${delegateName(route.model)}Search`, route.model);
  return helpers;
}

/**
 * Cross-file rules for the identifiers and file names that config names become, which the
 * per-file checks cannot see: each rule keeps generated code from clashing with itself (a
 * duplicate import, a type used as a value) or two output files from differing only in case.
 */
export function checkGeneratedNames(checks: GeneratedNameChecks): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const at = (origin: Origin, key: string, message: string, hint: string): void => {
    const document = checks.documents.get(origin.file);
    if (document)
      problems.push(diagnosticAt(document, childPointer(origin.pointer, key), message, hint));
  };
  const localNames = new Map(
    checks.routes.flatMap((route) => routeLocalNames(route).map((name) => [name, route] as const)),
  );
  const eventNames = new Set(checks.events.map((event) => event.name));
  const searches = searchHelpers(checks.routes);
  const searchClash = (kind: string, name: string) =>
    `the ${kind} "${name}" has the name of the search helper of ${searches.get(name)} (src/appgen/search.ts), which route files that search ${searches.get(name)} import`;

  for (const key of ['function', 'voter'] as const) {
    // One file per name in src/functions/ or src/voters/: names differing only in case collide
    // on case-insensitive file systems (macOS, Windows) and break imports (TS1149) on the others.
    const files = new Map<string, { name: string; route: CheckedRoute }>();
    for (const route of checks.routes) {
      const name = route.config[key];
      if (!name || (key === 'voter' && name.startsWith('owner:')) || name === 'self') continue;
      const where = `${route.config.method} ${route.config.path}`;
      const clash = localNames.get(name);
      if (clash)
        at(
          route.origin,
          key,
          `the ${key} "${name}" has the name of a type the generated route file of ${clash.config.method} ${clash.config.path} declares`,
          `rename the ${key}, e.g. "${name}${key === 'function' ? 'Handler' : 'Voter'}".`,
        );
      if (eventNames.has(name))
        at(
          route.origin,
          key,
          `the ${key} "${name}" has the name of an event: route files import both by name`,
          `give the ${key} and the event different names.`,
        );
      if (searches.has(name))
        at(
          route.origin,
          key,
          searchClash(key, name),
          `rename the ${key}, e.g. "${name}${key === 'function' ? 'Handler' : 'Voter'}".`,
        );
      const previous = files.get(name.toLowerCase());
      if (previous && previous.name !== name) {
        at(
          route.origin,
          key,
          `the ${key} "${name}" differs only in case from "${previous.name}" (${previous.route.config.method} ${previous.route.config.path}): their files would collide`,
          `use one spelling: "${previous.name}".`,
        );
      } else if (
        previous &&
        key === 'function' &&
        (previous.route.config.body || route.config.body)
      ) {
        // The scaffold types its input with one route's body, so the other route's call would not compile.
        at(
          route.origin,
          key,
          `the function "${name}" already handles ${previous.route.config.method} ${previous.route.config.path}; a function shared by routes cannot take a body (${where} or that one has "body")`,
          `give this route its own function, e.g. "${name}${route.config.method.charAt(0)}${route.config.method.slice(1).toLowerCase()}".`,
        );
      }
      if (!previous) files.set(name.toLowerCase(), { name, route });
    }
  }

  const eventFiles = new Map<string, CheckedEvent>();
  for (const event of checks.events) {
    const previous = eventFiles.get(event.name.toLowerCase());
    if (previous && previous.name !== event.name)
      at(
        event.origin,
        'name',
        `event "${event.name}" differs only in case from "${previous.name}" (${previous.origin.file}): their files would collide`,
        `use one spelling: "${previous.name}".`,
      );
    const clash = localNames.get(event.name);
    if (clash)
      at(
        event.origin,
        'name',
        `event "${event.name}" has the name of a value the generated route file of ${clash.config.method} ${clash.config.path} declares`,
        `rename the event, e.g. "${event.name}Event".`,
      );
    if (searches.has(event.name))
      at(
        event.origin,
        'name',
        searchClash('event', event.name),
        `rename the event, e.g. "${event.name}Event".`,
      );
    if (!previous) eventFiles.set(event.name.toLowerCase(), event);
  }

  for (const view of checks.views) {
    // A page imports the types of the models it shows under their own names.
    if (checks.models.has(view.config.name))
      at(
        view.origin,
        'name',
        `view "${view.config.name}" has the name of a model: its page imports the model's type under that name`,
        `rename the view, e.g. "${view.config.name}Page".`,
      );
  }
  return problems;
}
