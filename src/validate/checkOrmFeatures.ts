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
  for (const document of routes) {
    (document.value as RoutesFileConfig).routes.forEach((route, index) => {
      for (const [name, field] of Object.entries(route.function ? {} : (route.body ?? {}))) {
        if (bodyFieldOptions(field).type === 'uuid[]') problems.push(diagnosticAt(document, childPointer(childPointer(childPointer('/routes', index), 'body'), name), 'uuid[] body fields (links of a manyToMany relation) are not available with orm "drizzle" yet', HINT, 'key'));
      }
    });
  }
  return problems;
}
