import type { ListQueryContext } from '../../map/contexts';

/** What a search finds, for the OpenAPI document. */
export function searchDescription(search: NonNullable<ListQueryContext['search']>): string {
  return `Search ${search.fields.join(', ')}: the records holding every word (each the start of a word, case ignored), most relevant first unless a sort is asked; words are runs of letters and digits (none: no search)`;
}
