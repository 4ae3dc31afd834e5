import { ELEMENT_TYPE_NAMES } from '../config/elements';
import { analyzeTemplate, matchesPattern, parseTemplate } from '../render/templateAnalysis';
import { templateErrorFrom } from '../render/templateError';
import { partialName, templateText, type TemplateSource } from '../render/templateSet';
import type { RouteOperation } from '../domain/routeOperation';

/**
 * Partials a template includes by a context field, `{{> (lookup . "operationPartial")}}`: the
 * names that field can hold, as patterns. Mirrors src/map/mapRoutes.ts, which sets
 * operationPartial to `orm/<orm>/<operation>`, or `handler/function` for a function route; a
 * unit test checks every operationPartial of the example projects against this table.
 */
const OPERATION_PARTIALS: Record<RouteOperation, string> = {
  list: 'orm/*/list',
  get: 'orm/*/get',
  create: 'orm/*/create',
  replace: 'orm/*/replace',
  update: 'orm/*/update',
  delete: 'orm/*/delete',
  function: 'handler/function',
};

export const PARTIALS_BY_CONTEXT_FIELD: Record<string, readonly string[]> = {
  operationPartial: Object.values(OPERATION_PARTIALS),
  // src/map/mapElements.ts: `view/<element type>`, picked by partials/view/element.hbs.
  partial: ELEMENT_TYPE_NAMES.map((type) => `view/${type}`),
};

export interface PartialUse {
  /** The template or partial file that includes it, e.g. `src/app/[route]/route.ts.hbs`. */
  by: string;
  /** Picked at run time (`{{> (concat ...)}}`, `{{> (lookup ...)}}`) rather than named. */
  dynamic: boolean;
}

export interface TemplateUsage {
  /** Partial name (`view/element`) → where it is included, in file order. */
  uses: Map<string, PartialUse[]>;
  /** Files that could not be read as templates, with why (their uses are unknown). */
  problems: Map<string, string>;
}

/** Which file includes which partial, read from the templates themselves. */
export function partialUsage(sources: readonly TemplateSource[]): TemplateUsage {
  const partials = sources.map((source) => partialName(source.name)).filter((name): name is string => name !== undefined);
  const uses = new Map<string, PartialUse[]>(partials.map((name) => [name, []]));
  const problems = new Map<string, string>();
  const add = (partial: string, use: PartialUse) => {
    const list = uses.get(partial);
    if (list && !list.some((u) => u.by === use.by)) list.push(use);
  };
  for (const source of sources) {
    let analysis;
    try {
      analysis = analyzeTemplate(parseTemplate(templateText(source)));
    } catch (error) {
      problems.set(source.name, templateErrorFrom(error, source.name, source.origin).message);
      continue;
    }
    for (const reference of analysis.partials) {
      if (reference.name !== undefined) add(reference.name, { by: source.name, dynamic: false });
      const patterns = reference.pattern !== undefined ? [reference.pattern] : reference.field !== undefined ? (PARTIALS_BY_CONTEXT_FIELD[reference.field] ?? []) : [];
      for (const partial of partials) {
        // `view/element` picks `view/<type>`, never itself.
        if (partial === partialName(source.name)) continue;
        if (patterns.some((pattern) => matchesPattern(pattern, partial))) add(partial, { by: source.name, dynamic: true });
      }
    }
  }
  return { uses, problems };
}
