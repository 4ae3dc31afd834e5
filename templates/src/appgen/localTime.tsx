"use client";

import { useSyncExternalStore } from "react";
import { formatDate, machineDate } from "./dates";

/** Nothing to subscribe to: the browser's time zone does not change while a page is open. */
const subscribe = () => () => {};

/**
 * A date in the visitor's own time zone. The server's HTML (and the first render in the browser,
 * so hydration matches) says it in UTC, which reads right without JavaScript; once hydrated, the
 * browser draws it again in its zone (React renders the client snapshot after hydration).
 */
export function LocalTime({ value, locale }: { value: string; locale: string }) {
  const text = useSyncExternalStore(
    subscribe,
    () => formatDate(value, locale),
    () => formatDate(value, locale, "UTC"),
  );
  return <time dateTime={machineDate(value)}>{text}</time>;
}
