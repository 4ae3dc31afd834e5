import { keptFields, listHref, sortLink, type ListState, type Pager } from "./listState";

/**
 * The controls of a list whose route has a `query`: plain links and a GET form, so they work
 * without JavaScript and every state is a URL (reload, back, share). src/appgen/listState.ts
 * reads that URL and decides what the links lead to.
 */

/** A column heading that sorts the list by its field: ascending first, then descending. */
export function SortHeader({ state, field, label }: { state: ListState; field: string; label: string }) {
  const { href, order } = sortLink(state, field);
  return (
    <th scope="col" aria-sort={order ?? undefined}>
      <a className="appgen-sort" href={href}>
        {label}
        <span aria-hidden="true">{order === "ascending" ? " ▲" : order === "descending" ? " ▼" : ""}</span>
      </a>
    </th>
  );
}

/** The list's filters as a GET form: sending it reloads the page with them in the URL, on page one. */
export function ListFilters({ state }: { state: ListState }) {
  const { prefix, filters } = state.spec;
  if (filters.length === 0) return null;
  const active = Object.keys(state.filters).length > 0;
  return (
    <form method="get" className="appgen-filters" aria-label="Filters">
      {keptFields(state).map((field, index) => (
        <input key={`kept-${index}`} type="hidden" name={field.name} value={field.value} />
      ))}
      {filters.map((filter) => {
        const id = `${prefix}filter-${filter.name}`;
        const value = state.filters[filter.name] ?? "";
        return (
          <div className="appgen-field" key={filter.name}>
            <label htmlFor={id}>{filter.label}</label>
            {filter.input === "select" ? (
              <select id={id} name={prefix + filter.name} defaultValue={value}>
                <option value="">Any</option>
                {(filter.options ?? []).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input id={id} name={prefix + filter.name} type={filter.input} defaultValue={value} step={filter.input === "number" ? "any" : undefined} />
            )}
          </div>
        );
      })}
      <div className="appgen-filter-actions">
        <button type="submit">Filter</button>
        {active ? <a href={clearHref(state)}>Clear filters</a> : null}
      </div>
    </form>
  );
}

/** This page without the list's filters (and on its first page). */
function clearHref(state: ListState): string {
  const names = [...state.spec.filters.map((f) => f.name), "page", "cursor"];
  return listHref(state, Object.fromEntries(names.map((name) => [name, null])));
}

/** "21–40 of 45" with Previous and Next links. */
export function ListPager({ pager }: { pager: Pager | null }) {
  if (pager === null || (pager.summary === null && pager.previous === null && pager.next === null)) return null;
  return (
    <nav className="appgen-pager" aria-label="Pages">
      {pager.previous !== null ? <a href={pager.previous} rel="prev">{pager.previousLabel}</a> : null}
      {pager.summary !== null ? <span className="appgen-pager-summary">{pager.summary}</span> : null}
      {pager.next !== null ? <a href={pager.next} rel="next">Next</a> : null}
    </nav>
  );
}
