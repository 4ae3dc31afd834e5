import type { Diagnostic } from '../diagnostics/diagnostic';
import { suggest } from '../diagnostics/didYouMean';
import type { ConfigDocument } from '../load/configDocument';
import type { CheckedEvent, CheckedModel, EventOperation } from './checkedProject';
import { childPointer, diagnosticAt } from './locate';
import { isReservedInHandlers } from './reservedNames';

interface EventConfig {
  name: string;
  model: string;
  on: EventOperation[];
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
      seen.set(event.name, document.file);
      if (diagnostics.length === before)
        events.push({ ...event, origin: { file: document.file, pointer } });
    });
  }
  return { events, diagnostics };
}
