/**
 * A date as a page shows it, in the visitor's language (`locale`, from Accept-Language) and in
 * `timeZone`: the server writes it in UTC, the only zone it knows for every visitor, and the
 * browser redraws it in its own zone (localTime.tsx). A date with no time (a date-only value,
 * stored at midnight UTC: `T00:00:00.000Z`) stays that date, with no time and no zone,
 * whatever the zone: moving it would show the day before west of Greenwich.
 */
export function formatDate(value: string, locale: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const options: Intl.DateTimeFormatOptions = isDateOnly(date)
    ? { dateStyle: "medium", timeZone: "UTC" }
    : { dateStyle: "medium", timeStyle: "short", timeZone };
  const text = new Intl.DateTimeFormat(locale, options).format(date);
  return isDateOnly(date) || timeZone !== "UTC" ? text : `${text} UTC`;
}

/**
 * The `dateTime` attribute of a date's `<time>`: `2026-03-01` for a date with no time, else the
 * instant.
 */
export function machineDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return isDateOnly(date) ? date.toISOString().slice(0, 10) : date.toISOString();
}

function isDateOnly(date: Date): boolean {
  return date.toISOString().endsWith("T00:00:00.000Z");
}
