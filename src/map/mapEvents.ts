import type { OrmName } from '../config/configTypes';
import type { EventRun } from '../domain/events';
import type { ProjectEvent, ProjectRoute } from '../validate/checkedProject';
import type { EventContext, QueuedEventContext } from './contexts';

const EVENT_OPERATIONS = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
} as const;

/** The operation events see: a link or unlink changes the record's relations, an update. */
export function eventOperationOf(route: ProjectRoute): 'create' | 'update' | 'delete' | null {
  if (route.method === 'GET' || route.operation === 'logIn' || route.operation === 'logOut')
    return null;
  return route.link ? 'update' : EVENT_OPERATIONS[route.method];
}

/** How an event runs in this project: without a database (orm none) there is no outbox, so in the request. */
function runOf(event: ProjectEvent, orm: OrmName): EventRun {
  return orm === 'none' ? 'inRequest' : event.run;
}

/** The events a route's successful write fires, split by how they run. */
export function methodEvents(
  route: ProjectRoute,
  events: readonly ProjectEvent[],
  orm: OrmName,
): { queuedEvents: QueuedEventContext[]; inRequestEvents: string[] } {
  const operation = eventOperationOf(route);
  const fired =
    operation && route.model
      ? events.filter((e) => e.model === route.model && e.on.includes(operation))
      : [];
  return {
    queuedEvents: fired
      .filter((e) => runOf(e, orm) === 'worker')
      .map((e) => ({ name: e.name, attempts: e.delivery.attempts })),
    inRequestEvents: fired.filter((e) => runOf(e, orm) === 'inRequest').map((e) => e.name),
  };
}

/** The project's events, by name, with how each runs. */
export function mapEvents(events: readonly ProjectEvent[], orm: OrmName): EventContext[] {
  return events
    .map((e) => ({
      name: e.name,
      model: e.model,
      on: e.on,
      source: e.file,
      run: runOf(e, orm),
      ...e.delivery,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
