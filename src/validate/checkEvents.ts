import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import {
  DEFAULT_EVENT_DELIVERY,
  DEFAULT_EVENT_RUN,
  DELIVERY_SETTINGS,
  type EventDelivery,
  type EventRun,
} from '../domain/events';
import type { CheckedEvent, CheckedModel, EventOperation } from './checkedProject';
import { childPointer, diagnosticAt } from './locate';
import { isReservedInHandlers } from './reservedNames';

interface EventConfig extends Partial<EventDelivery> {
  name: string;
  model: string;
  on: EventOperation[];
  run?: EventRun;
}

/** An `inRequest` event runs once in the request: the worker's delivery settings do not apply. */
function checkInRequest(
  document: ConfigDocument,
  pointer: string,
  event: EventConfig,
): Diagnostic[] {
  if ((event.run ?? DEFAULT_EVENT_RUN) !== 'inRequest') return [];
  return DELIVERY_SETTINGS.filter((setting) => event[setting] !== undefined).map((setting) =>
    diagnosticAt(
      document,
      childPointer(pointer, setting),
      `"${setting}" applies to events the worker runs, but this one has "run": "inRequest" (it runs once, in the request)`,
      `remove "${setting}", or remove "run": "inRequest" to have the worker run it with retries.`,
    ),
  );
}

/** Events name a model that exists and have names unique across files (each is a file). */
export function checkEvents(
  documents: ConfigDocument[],
  models: Map<string, CheckedModel>,
  /** Models declared in files that failed their checks: reported there, not here. */
  unchecked: ReadonlySet<string> = new Set(),
): { events: CheckedEvent[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const events: CheckedEvent[] = [];
  const seen = new Map<string, string>();
  for (const document of documents) {
    (document.value as { events: EventConfig[] }).events.forEach((event, index) => {
      const pointer = `/events/${index}`;
      const before = diagnostics.length;
      if (seen.has(event.name))
        diagnostics.push(
          diagnosticAt(
            document,
            childPointer(pointer, 'name'),
            `event "${event.name}" is already declared in ${seen.get(event.name)}`,
            'give each event its own name.',
          ),
        );
      if (isReservedInHandlers(event.name))
        diagnostics.push(
          diagnosticAt(
            document,
            childPointer(pointer, 'name'),
            `"${event.name}" is a reserved word or a name the generated handler uses`,
            `rename the event, e.g. "${event.name}Event".`,
          ),
        );
      if (!models.has(event.model) && !unchecked.has(event.model))
        diagnostics.push(
          diagnosticAt(
            document,
            childPointer(pointer, 'model'),
            `unknown model "${event.model}"`,
            suggest(event.model, [...models.keys()], 'a model:') || 'declare it in config/models/.',
          ),
        );
      diagnostics.push(...checkInRequest(document, pointer, event));
      seen.set(event.name, document.file);
      if (diagnostics.length === before)
        events.push({
          name: event.name,
          model: event.model,
          on: event.on,
          run: event.run ?? DEFAULT_EVENT_RUN,
          delivery: {
            attempts: event.attempts ?? DEFAULT_EVENT_DELIVERY.attempts,
            retryDelaySeconds: event.retryDelaySeconds ?? DEFAULT_EVENT_DELIVERY.retryDelaySeconds,
            timeoutSeconds: event.timeoutSeconds ?? DEFAULT_EVENT_DELIVERY.timeoutSeconds,
          },
          origin: { file: document.file, pointer },
        });
    });
  }
  return { events, diagnostics };
}
