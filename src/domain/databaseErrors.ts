/**
 * The kinds of database failure a request can cause, as the ORMs' errors partials name them
 * (`{{> http/databaseError kind="unique"}}`): each has its answer in
 * templates/partials/http/databaseError/<kind>.hbs.
 */
export const DATABASE_ERROR_KINDS: readonly string[] = [
  'unique',
  'related',
  'tooLong',
  'missingValue',
  'conflict',
  'notFound',
];
