// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { EventPayload } from "@/appgen/handler";

/**
 * Runs after every successful update, delete of a Task (see config/events/tasks.json),
 * with the record as written. An error here is logged; it never undoes the write or changes the
 * response.
 */
export async function taskChanged(event: EventPayload): Promise<void> {
  console.log(`[event] ${event.event}: ${event.model} ${event.operation}`, event.record?.id ?? "");
}
