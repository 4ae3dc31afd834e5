/**
 * What a body field's `transform` may do to a text before its validators see it: the text that
 * passes is the one stored and looked up (a log-in finds the account by it).
 */
export const TRANSFORMS = {
  trim: 'White space removed from both ends.',
  toLowerCase:
    'Letters in lower case (an e-mail address typed "Jake@Example.com" is stored and found as "jake@example.com").',
} as const;

export type TransformName = keyof typeof TRANSFORMS;

export const TRANSFORM_NAMES = Object.keys(TRANSFORMS) as TransformName[];

/** Body field types a transform applies to (a `string[]` field: each text of the list). */
export const TRANSFORMABLE_TYPES: readonly string[] = ['string', 'text', 'string[]'];
