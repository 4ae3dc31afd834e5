import { ConfigError, Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument, LoadedProject } from '../load/configDocument';
import { errorFormatOf } from '../domain/envelope';
import { checkAppTree } from './checkAppTree';
import type { CheckedModel, CheckedProject } from './checkedProject';
import { checkModels } from './checkModels';
import { checkAccessRules, checkRuledReads, unindexedRuleWarnings } from './checkAccessRules';
import { checkModelAsFieldType } from './checkModelAsFieldType';
import { checkRelations } from './checkRelations';
import { checkComputed } from './checkComputed';
import { checkComputedUrls } from './checkComputedUrls';
import { checkRoutes } from './checkRoutes';
import { checkEvents } from './checkEvents';
import { checkJobs } from './checkJobs';
import { checkGeneratedNames } from './checkGeneratedNames';
import { checkPathCase } from './checkPathCase';
import { normaliseProject } from './normaliseProject';
import { checkViews } from './checkViews';
import { fileKindProblem } from './checkFileKind';
import { failedRouteIndices } from './failedRoutes';
import { withMisplacedSections } from './misplacedSections';
import { checkRequireVerified } from './checkMailRoutes';
import { checkRequireTotp } from './checkTotpRoutes';
import { checkAccountsSettings } from './checkAccountsSettings';
import { identityTransformWarnings } from './checkIdentityTransforms';
import { checkSettings, type CheckedSettings } from './checkSettings';
import { corsWithStyleHeaders, unexposedCountWarnings } from './checkCorsSettings';
import { validateAgainstSchema } from './schemaValidator';
import { uncheckedRoutes } from './uncheckedRoutes';

/**
 * The file name of a model file that failed its checks (`Post.json` → "Post"): when its `name` is
 * the mistake ("nmae", "post"), the model is still not reported as unknown wherever it is used.
 */
const fileModelName = (document: ConfigDocument): string =>
  document.file.replace(/^.*\//, '').replace(/\.json$/, '');

/** A model's field typed with a model's name: one true error instead of the schema's. */
function withModelsAsTypes(
  document: ConfigDocument,
  problems: Diagnostic[],
  models: readonly string[],
): Diagnostic[] {
  if (document.kind !== 'model' || problems.length === 0) return problems;
  const named = checkModelAsFieldType(document, new Set(models));
  const at = new Set(named.map((problem) => problem.jsonPath));
  return [...named, ...problems.filter((problem) => !at.has(problem.jsonPath))];
}

/**
 * `checkedSettings`: appgen.config.json as the command checked it (else it is checked here).
 * Reports the files the load stage could not parse, validates every other document against its
 * schema, then runs the cross-file checks on the documents that passed (checking a malformed
 * document further would only repeat its problem in other words). Throws a ConfigError carrying
 * all problems; otherwise returns the checked project, parsed and in long form.
 */
export function validateProject(
  project: LoadedProject,
  checkedSettings: CheckedSettings = checkSettings(project.settings),
): CheckedProject {
  const diagnostics: Diagnostic[] = [...project.problems];
  const declared = project.models
    .map((d) => (d.value as { name?: unknown } | null)?.name)
    .filter((name): name is string => typeof name === 'string');
  const schemaProblems = (document: ConfigDocument): Diagnostic[] => {
    const misplaced = fileKindProblem(document);
    const problems = misplaced
      ? [misplaced]
      : withMisplacedSections(
          document,
          withModelsAsTypes(document, validateAgainstSchema(document), declared),
        );
    diagnostics.push(...problems);
    return problems;
  };
  const passing = (documents: ConfigDocument[]): ConfigDocument[] =>
    documents.filter((document) => schemaProblems(document).length === 0);
  // A routes file whose problems are all inside some of its routes: the others are checked on.
  const failedRoutes = new Map<string, ReadonlySet<number>>();
  const routesPassing = (documents: ConfigDocument[]): ConfigDocument[] =>
    documents.filter((document) => {
      const problems = schemaProblems(document);
      if (problems.length === 0) return true;
      const failed = failedRouteIndices(document, problems);
      if (failed) failedRoutes.set(document.file, failed);
      return failed !== undefined;
    });

  const { value: settings, orm, loginPath, trustProxy, cors } = checkedSettings;
  diagnostics.push(...checkedSettings.diagnostics);

  const [modelDocuments, routeDocuments, viewDocuments, eventDocuments, jobDocuments] = [
    passing(project.models),
    routesPassing(project.routes),
    passing(project.views),
    passing(project.events),
    passing(project.jobs),
  ];
  // With a file that could not be parsed the picture is incomplete: cross-file checks would
  // only report its absence in other words (e.g. "unknown model"). No file refers to a view, so
  // a view that could not be parsed leaves the others to be checked (and reported) together.
  if (project.problems.some((problem) => !problem.file.startsWith('config/views/')))
    throw new ConfigError(diagnostics);

  const modelResult = checkModels(modelDocuments, orm);
  const models = new Map<string, CheckedModel>(modelResult.models.map((m) => [m.config.name, m]));
  const modelDocumentsByName = new Map(
    modelDocuments.map((d) => [(d.value as { name: string }).name, d]),
  );
  // Models declared in files that failed their checks: those files carry the error, so a
  // reference to one elsewhere is not reported again as an "unknown model".
  const unchecked = new Set(
    [
      ...declared,
      ...project.models.filter((d) => !modelDocuments.includes(d)).map(fileModelName),
    ].filter((name) => !models.has(name)),
  );
  modelResult.diagnostics.push(...checkRelations(modelDocumentsByName, models, unchecked));
  const { accounts, problems: accountProblems } = checkAccountsSettings(
    settings,
    project.settings,
    models,
    { settingsUnchecked: checkedSettings.diagnostics.length > 0, uncheckedModels: unchecked },
  );
  diagnostics.push(...accountProblems);
  modelResult.diagnostics.push(...checkComputed(modelDocumentsByName, models, accounts.model));
  modelResult.diagnostics.push(...checkAccessRules(modelDocumentsByName, models, accounts));
  const routeResult = checkRoutes(routeDocuments, {
    models,
    unchecked,
    accountsModel: accounts.model,
    accounts,
    orm,
    failedRoutes,
  });
  // Every declared route counts, passed or not: a verifyEmail route with a mistake is reported there.
  const declaredRoutes = routeDocuments.flatMap(
    (d) => (d.value as { routes?: Array<{ account?: unknown }> }).routes ?? [],
  );
  diagnostics.push(...checkRequireVerified(accounts, declaredRoutes, project.settings));
  diagnostics.push(...checkRequireTotp(accounts, declaredRoutes, project.settings));
  const unpassedRoutes = uncheckedRoutes(
    project.routes,
    routeResult.routes,
    routeResult.diagnostics,
  );
  modelResult.diagnostics.push(
    ...checkComputedUrls(modelDocumentsByName, models, routeResult.routes, unpassedRoutes),
  );
  modelResult.diagnostics.push(
    ...checkRuledReads(
      modelDocumentsByName,
      new Map(routeDocuments.map((d) => [d.file, d])),
      models,
      routeResult.routes,
    ),
  );
  const viewResult = checkViews(viewDocuments, {
    routes: routeResult.routes,
    models,
    loginPath,
    uncheckedRoutes: unpassedRoutes,
    queryStyle: settings?.queryStyle,
  });
  const eventResult = checkEvents(eventDocuments, models, unchecked);
  const jobResult = checkJobs(jobDocuments, orm);
  const tree = [
    ...routeResult.tree.map((entry) => ({ ...entry, kind: 'route' as const })),
    ...viewResult.tree.map((entry) => ({ ...entry, kind: 'page' as const })),
  ];
  const treeProblems = [...checkAppTree(tree), ...checkPathCase(tree)];
  const documents = new Map(
    [...routeDocuments, ...viewDocuments, ...eventDocuments].map((d) => [d.file, d]),
  );
  const nameProblems = checkGeneratedNames({
    routes: routeResult.routes,
    views: viewResult.views,
    events: eventResult.events,
    models,
    documents,
  });
  diagnostics.push(
    ...modelResult.diagnostics,
    ...routeResult.diagnostics,
    ...viewResult.diagnostics,
    ...eventResult.diagnostics,
    ...jobResult.diagnostics,
    ...treeProblems,
    ...nameProblems,
  );
  if (diagnostics.length > 0) throw new ConfigError(diagnostics);
  return normaliseProject({
    orm,
    errors: errorFormatOf(settings?.errors),
    loginPath,
    trustProxy,
    cors: corsWithStyleHeaders(cors, settings?.cors, routeResult.routes, settings?.queryStyle),
    queryStyle: settings?.queryStyle ?? 'appgen',
    accounts,
    warnings: [
      ...routeResult.warnings,
      // orm none's stub handlers send no count.
      ...(orm === 'none'
        ? []
        : unexposedCountWarnings(
            settings?.cors,
            project.settings,
            routeResult.routes,
            settings?.queryStyle,
          )),
      ...identityTransformWarnings(routeResult.routes, accounts, documents),
      ...unindexedRuleWarnings(modelDocumentsByName, models),
    ],
    models: modelResult.models,
    routes: routeResult.routes,
    views: viewResult.views,
    events: eventResult.events,
    jobs: jobResult.jobs,
  });
}
