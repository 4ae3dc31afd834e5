import type { ModelConfig, OrmName, RoutesFileConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { bodyFieldOptions } from './checkBody';
import { fieldOptions } from './checkModels';
import { childPointer, diagnosticAt } from './locate';

const HINT = 'set "orm": "prisma" in appgen.config.json for this project, or leave this out (see the README, "The Drizzle variant").';

/**
 * Features the Drizzle variant does not have yet: relations, hidden fields, included records and
 * links written by generated routes (`uuid[]` body fields; a function route's list is only checked).
 * Refused by name rather than generated without them, so an app never behaves differently from
 * its Prisma twin without saying so.
 */
export function checkOrmFeatures(orm: OrmName, models: readonly ConfigDocument[], routes: readonly ConfigDocument[]): Diagnostic[] {
  if (orm !== 'drizzle') return [];
  const problems: Diagnostic[] = [];
  for (const document of models) {
    const model = document.value as ModelConfig;
    if (model.relations && Object.keys(model.relations).length > 0) problems.push(diagnosticAt(document, '/relations', 'relations are not available with orm "drizzle" yet', HINT, 'key'));
    for (const [name, field] of Object.entries(model.fields)) {
      if (fieldOptions(field).hidden) problems.push(diagnosticAt(document, childPointer(childPointer('/fields', name), 'hidden'), 'hidden fields are not available with orm "drizzle" yet', HINT, 'key'));
    }
  }
  for (const document of routes) {
    (document.value as RoutesFileConfig).routes.forEach((route, index) => {
      const pointer = childPointer('/routes', index);
      if (route.include) problems.push(diagnosticAt(document, childPointer(pointer, 'include'), '"include" is not available with orm "drizzle" yet', HINT, 'key'));
      for (const [name, field] of Object.entries(route.function ? {} : (route.body ?? {}))) {
        if (bodyFieldOptions(field).type === 'uuid[]') problems.push(diagnosticAt(document, childPointer(childPointer(pointer, 'body'), name), 'uuid[] body fields (links of a manyToMany relation) are not available with orm "drizzle" yet', HINT, 'key'));
      }
    });
  }
  return problems;
}
