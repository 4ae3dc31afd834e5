import type { ModelConfig, OrmName, RouteConfig, ViewConfig } from '../config/configTypes';

/** Where a config object came from, so later stages can name it in comments and messages. */
export interface Origin {
  file: string;
  pointer: string;
}

/** What a route does when it has no `function`. */
export type RouteOperation = 'list' | 'get' | 'create' | 'replace' | 'update' | 'delete' | 'function';

export interface CheckedModel {
  config: ModelConfig;
  origin: Origin;
}

export interface CheckedRoute {
  config: RouteConfig;
  origin: Origin;
  /** Model the route reads or writes, from `response`, `model`, or a sibling route. */
  model?: string;
  responseIsArray: boolean;
  operation: RouteOperation;
}

export type EventOperation = 'create' | 'update' | 'delete';

export interface CheckedEvent {
  name: string;
  model: string;
  on: EventOperation[];
  origin: Origin;
}

export interface CheckedView {
  config: ViewConfig;
  origin: Origin;
}

/** A project whose config passed every check: the only input of the map stage. */
export interface CheckedProject {
  orm: OrmName;
  /** Where pages send visitors who must sign in. */
  loginPath: string;
  models: CheckedModel[];
  routes: CheckedRoute[];
  views: CheckedView[];
  events: CheckedEvent[];
}
