const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A name the config schema restricted to an identifier, written into generated code as it is;
 * fails loudly if one slips through (the template helper `ident` and the map's code literals).
 */
export function identifier(value: unknown): string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) {
    throw new Error(`not an identifier: ${JSON.stringify(value)}`);
  }
  return value;
}
