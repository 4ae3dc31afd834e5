import type { ErrorObject } from 'ajv';
import { closestMatch } from '../diagnostics/didYouMean';

/**
 * A value that fits none of the forms a `oneOf` or `anyOf` offers: ajv reports each form's failure
 * and then the combinator itself ("must match exactly one schema in oneOf"). Keep only what the
 * form of the value's own type says (a string column's pattern); when no form takes that type,
 * the combinator alone, which `toDiagnostic` words as "must be ...".
 */
export function withoutOtherForms(errors: ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  for (const outer of errors) {
    if (outer.keyword !== 'oneOf' && outer.keyword !== 'anyOf') continue;
    const base = `${outer.schemaPath}/`;
    const at = outer.instancePath;
    const inner = errors.filter(
      (e) =>
        e !== outer &&
        e.schemaPath.startsWith(base) &&
        (e.instancePath === at || e.instancePath.startsWith(`${at}/`)),
    );
    const formOf = (e: ErrorObject) => e.schemaPath.slice(base.length).split('/')[0];
    const wrongType = new Set(
      inner
        .filter((e) => e.keyword === 'type' && e.instancePath === at)
        .filter((e) => e.schemaPath === `${base}${formOf(e)}/type`)
        .map(formOf),
    );
    const kept = inner.map(formOf).find((form) => !wrongType.has(form));
    if (kept !== undefined) dropped.add(outer);
    for (const e of inner) if (formOf(e) !== kept) dropped.add(e);
  }
  return errors.filter((e) => !dropped.has(e));
}

/** An unknown property's params, with the missing key it stands for when that is clear. */
export interface RenameParams {
  additionalProperty: string;
  renameTo?: string;
}

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/**
 * A required key written under another name (`"feild"`, or a form's `"children"` for its
 * `"fields"`) is both an unknown property and a missing one: keep the unknown one, whose fix is
 * then the missing key. It stands for the missing key when its name is close, or when it is the
 * object's only unknown key, that is the only one missing, with a value of the type it takes.
 */
export function withRenamedKeys(errors: ErrorObject[]): ErrorObject[] {
  const unknown = errors.filter((e) => e.keyword === 'additionalProperties');
  const renamed = new Map<ErrorObject, string>();
  const kept = errors.filter((e) => {
    if (e.keyword !== 'required') return true;
    const missing = (e.params as { missingProperty: string }).missingProperty;
    const here = unknown.filter((u) => u.instancePath === e.instancePath);
    const near = here.find(
      (u) => closestMatch((u.params as RenameParams).additionalProperty, [missing]) !== undefined,
    );
    if (near) return false;
    const missingHere = errors.filter(
      (r) => r.keyword === 'required' && r.instancePath === e.instancePath,
    );
    if (here.length !== 1 || missingHere.length !== 1) return true;
    const property = (here[0].params as RenameParams).additionalProperty;
    const schema = ((e.parentSchema as { properties?: Record<string, { type?: unknown }> })
      .properties ?? {})[missing];
    const value = (here[0].data as Record<string, unknown> | undefined)?.[property];
    const type = schema?.type;
    if (
      typeof type === 'string' &&
      type !== jsonType(value) &&
      !(type === 'integer' && Number.isInteger(value))
    )
      return true;
    renamed.set(here[0], missing);
    return false;
  });
  return kept.map((e) =>
    renamed.has(e) ? { ...e, params: { ...e.params, renameTo: renamed.get(e) } } : e,
  );
}
