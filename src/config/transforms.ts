/**
 * What a body field's `transform` may do to a text before its validators see it, in the listed
 * order: the text that passes is the one stored and looked up (a log-in finds the account by it).
 * `trim` removes white space from both ends; `toLowerCase` lower-cases the letters. The runtime is
 * `TRANSFORMS` of src/appgen/body.ts; schemas/routes.schema.json lists the same names.
 */
export const TRANSFORM_NAMES = ['trim', 'toLowerCase'] as const;

export type TransformName = (typeof TRANSFORM_NAMES)[number];

/** Body field types a transform applies to (a `string[]` field: each text of the list). */
export const TRANSFORMABLE_TYPES: readonly string[] = ['string', 'text', 'string[]'];
