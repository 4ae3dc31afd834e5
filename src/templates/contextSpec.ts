/**
 * The `context` of a template registry entry, read back as data: `ProjectContext`,
 * `ViewContext & { project: ProjectContext }` or `{ name: string; project: ProjectContext }`.
 */
export interface ContextSpec {
  /** The context type the template receives, spread into its context, if any. */
  base: string | null;
  /** Fields added beside (or instead of) the base type, with their types as written. */
  fields: Array<{ name: string; type: string }>;
}

const SPEC = /^\s*([A-Za-z_]\w*)?\s*(?:&\s*)?(?:\{([^{}]*)\})?\s*$/;

export function parseContextSpec(text: string): ContextSpec {
  const match = SPEC.exec(text);
  if (!match || (!match[1] && match[2] === undefined)) throw new Error(`cannot read template context "${text}"`);
  const fields = (match[2] ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const field = /^([A-Za-z_]\w*)\s*:\s*(.+)$/.exec(part);
      if (!field) throw new Error(`cannot read field "${part}" of template context "${text}"`);
      return { name: field[1], type: field[2].trim() };
    });
  return { base: match[1] ?? null, fields };
}

/** Identifiers a type text refers to: `MethodContext[] | null` → `MethodContext`. */
export function typeNamesIn(typeText: string): string[] {
  return [...typeText.matchAll(/[A-Za-z_]\w*/g)].map((m) => m[0]).filter((name) => !['string', 'number', 'boolean', 'null', 'Array', 'Record'].includes(name));
}
