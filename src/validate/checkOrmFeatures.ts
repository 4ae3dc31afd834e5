import type { ModelConfig, OrmName, RoutesFileConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { fieldOptions } from './checkModels';
import { childPointer, diagnosticAt } from './locate';

const HINT = 'set "orm": "prisma" in appgen.config.json for this project, or leave this out (see the README, "The Drizzle variant").';

/**
 * Features the Drizzle variant does not have yet: relations, hidden fields and included records.
 * Refused by name rather than generated without them, so an app never behaves differently from
 * its Prisma twin without saying so.
 */
export function checkOrmFeatures(orm: OrmName, models: readonly ConfigDocument[], routes: readonly ConfigDocument[]): Diagnostic[] {
  if (orm !== 'drizzle') return [];
  const problems: Diagnostic[] = [];
  return problems;
}
