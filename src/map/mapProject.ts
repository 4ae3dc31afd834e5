import type { ModelConfig } from '../config/configTypes';
import type { CheckedProject } from '../validate/checkedProject';
import type { DatabaseProvider, ProjectContext } from './contexts';
import { drizzleImports } from './drizzleColumns';
import { mapModel } from './mapModels';
import { mapRouteFiles } from './mapRoutes';
import { mapView, navLinks } from './mapViews';

const byName = <T extends { name: string }>(a: T, b: T): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

const sortedUnique = (values: Array<string | null>): string[] => [...new Set(values.filter((v): v is string => v !== null))].sort();

/**
 * Turns a checked project into the context every template receives. Output order depends only
 * on the config's content (names and paths), never on file-system order, so output is
 * deterministic.
 */
export function mapProject(project: CheckedProject, options: { provider: DatabaseProvider; defaultDatabaseUrl: string }): ProjectContext {
  const modelConfigs = new Map<string, ModelConfig>(project.models.map((m) => [m.config.name, m.config]));
  const { events } = project;
  const routeFiles = mapRouteFiles(project.routes, project.orm, modelConfigs, events);
  const methods = routeFiles.flatMap((file) => file.methods);
  const models = project.models.map((model) => mapModel(model, options.provider)).sort(byName);
  const views = project.views.map(mapView).sort((a, b) => (a.urlPath < b.urlPath ? -1 : a.urlPath > b.urlPath ? 1 : 0));
  return {
    orm: project.orm,
    usesDatabase: project.orm !== 'none',
    provider: options.provider,
    defaultDatabaseUrl: options.defaultDatabaseUrl,
    drizzleImports: drizzleImports(
      models.flatMap((model) => model.fields.map((field) => field.drizzleColumn)),
      options.provider,
      models.some((model) => model.hasUnique),
    ),
    models,
    routeFiles,
    methods,
    views,
    navLinks: navLinks(views),
    functions: sortedUnique(methods.map((m) => m.function)),
    voters: sortedUnique(methods.map((m) => m.voter)),
    events: events.map((e) => ({ name: e.name, model: e.model, on: e.on, source: e.origin.file })).sort(byName),
    hasAuth: methods.some((m) => m.auth),
  };
}
