/** Records of a list by position: `limit` records after the first `offset`. */
export interface RangePage {
  offset: number;
  limit: number;
}

/** What the `Range` header of a list read in react-admin's simple REST style may ask. */
export interface RangeHeaderSpec {
  /** The list's unit, as in its Content-Range (`posts`); `items` is taken too. */
  resource: string;
  maxPageSize: number;
}

/** `unit=first-last`, one range of whole numbers (RFC 9110's int-range). */
const ONE_RANGE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)=\s*([0-9]+)-([0-9]+)\s*$/;
const UNIT = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)=/;

/**
 * The page a `Range` request header asks of a simple-rest list, as react-admin's
 * ra-data-simple-rest sends it beside `range=[0,24]`: `Range: posts=0-24` (the first and the last
 * position, both included; the unit is the list's resource, or `items`). Null without the header,
 * or with another unit (`bytes=0-99`): RFC 9110 has a server ignore a unit it does not page by.
 * A value that is no range of the list's unit answers a message naming the header.
 */
export function rangeHeaderPage(
  header: string | null,
  spec: RangeHeaderSpec,
): { page: RangePage | null } | { error: string } {
  if (header === null) return { page: null };
  const units = [spec.resource, "items"];
  const example = `${spec.resource}=0-24`;
  const unit = UNIT.exec(header.trim());
  if (!unit) return { error: `The "Range" header must be <unit>=<first>-<last>, e.g. ${example}` };
  if (!units.includes(unit[1])) return { page: null };
  const match = ONE_RANGE.exec(header.trim());
  const first = match ? Number(match[2]) : NaN;
  const last = match ? Number(match[3]) : NaN;
  const positions = "one range of positions, first and last included";
  if (!match || !Number.isSafeInteger(first) || !Number.isSafeInteger(last) || last < first)
    return { error: `The "Range" header must be ${positions}, e.g. ${example}` };
  if (last - first + 1 > spec.maxPageSize)
    return { error: `The "Range" header must hold from 1 to ${spec.maxPageSize} records` };
  return { page: { offset: first, limit: last - first + 1 } };
}

/**
 * The page of a simple-rest list from its `range` parameter and its `Range` header: either, or
 * both when they agree (react-admin sends both); null when neither is sent.
 */
export function rangePage(
  header: string | null,
  fromQuery: RangePage | null,
  spec: RangeHeaderSpec,
): { page: RangePage | null } | { error: string } {
  const fromHeader = rangeHeaderPage(header, spec);
  if ("error" in fromHeader) return fromHeader;
  if (fromHeader.page === null) return { page: fromQuery };
  if (fromQuery === null) return fromHeader;
  const { offset, limit } = fromHeader.page;
  if (offset === fromQuery.offset && limit === fromQuery.limit) return { page: fromQuery };
  const asked = `[${fromQuery.offset},${fromQuery.offset + fromQuery.limit - 1}]`;
  const sent = `The "Range" header (${header?.trim()}) and "range" (${asked})`;
  return { error: `${sent} ask for different records` };
}
