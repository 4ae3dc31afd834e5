/** Built-in voters. A route names them as "voter": "self" or "voter": "owner:<field>". */

/**
 * `self`: the user the path names (its `:id`, or the record found by another unique field) is the
 * signed-in user (e.g. editing one's own account).
 */
export function allowSelf(userId: string | null, id: string): boolean {
  return userId !== null && userId === id;
}

/** `owner:<field>`: the record's `<field>` holds the signed-in user's id. */
export function allowOwner(
  userId: string | null,
  record: Record<string, unknown> | null,
  field: string,
): boolean {
  return userId !== null && record !== null && record[field] === userId;
}
