/**
 * An enum field's values with the text pages show for them: the model's `labels`, else the value
 * in words (`in_review` → `In review`); null for a field without values.
 */
export function enumOptions(
  values: readonly string[] | null | undefined,
  labels: Readonly<Record<string, string>> | undefined,
): Array<{ value: string; label: string }> | null {
  if (!values) return null;
  return values.map((value) => ({
    value,
    label: labels && Object.hasOwn(labels, value) ? labels[value] : labelFromValue(value),
  }));
}

/** `in_review` → `In review`; a value without small letters (`USD`, `A1`) is kept as it is. */
const labelFromValue = (value: string): string =>
  /[a-z]/.test(value) ? labelFromField(value) : value;

/** `publishedAt` → `Published at`: a readable default label of a column or a filter. */
export function labelFromField(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
