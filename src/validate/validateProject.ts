import type { OrmName, SettingsConfig } from '../config/configTypes';
import { ConfigError, Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument, LoadedProject } from '../load/configDocument';
import { checkAppTree } from './checkAppTree';
import type { CheckedModel, CheckedProject } from './checkedProject';
import { checkModels } from './checkModels';
import { checkRoutes } from './checkRoutes';
import { checkViews } from './checkViews';
import { validateAgainstSchema } from './schemaValidator';

/**
 * Validates every document against its schema, then runs the cross-file checks on the documents
 * that passed (checking a malformed document further would only repeat its problem in other
 * words). Throws a ConfigError carrying all problems; otherwise returns the checked project.
 */
export function validateProject(project: LoadedProject): CheckedProject {
  const diagnostics: Diagnostic[] = [];
  const passing = (documents: ConfigDocument[]): ConfigDocument[] =>
    documents.filter((document) => {
      const problems = validateAgainstSchema(document);
      diagnostics.push(...problems);
      return problems.length === 0;
    });

  const settingsOk = project.settings ? passing([project.settings]).length === 1 : true;
  const orm: OrmName = (settingsOk && (project.settings?.value as SettingsConfig | undefined)?.orm) || 'prisma';

  const modelResult = checkModels(passing(project.models));
  const models = new Map<string, CheckedModel>(modelResult.models.map((m) => [m.config.name, m]));
  const declared = project.models.map((d) => (d.value as { name?: unknown } | null)?.name).filter((name): name is string => typeof name === 'string');
  const routeResult = checkRoutes(passing(project.routes), models, new Set(declared.filter((name) => !models.has(name))));
  const viewResult = checkViews(passing(project.views));
  const treeProblems = checkAppTree([
    ...routeResult.tree.map((entry) => ({ ...entry, kind: 'route' as const })),
    ...viewResult.tree.map((entry) => ({ ...entry, kind: 'page' as const })),
  ]);
  diagnostics.push(...modelResult.diagnostics, ...routeResult.diagnostics, ...viewResult.diagnostics, ...treeProblems);
  if (diagnostics.length > 0) throw new ConfigError(diagnostics);
  return { orm, models: modelResult.models, routes: routeResult.routes, views: viewResult.views };
}
