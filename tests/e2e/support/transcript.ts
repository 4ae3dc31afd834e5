import { request } from './http';

/**
 * A fixed conversation with the Item routes of the semantics fixture (every field type, unique,
 * defaults, optional fields, nested paths, list queries), recorded as "METHOD path -> status body" with the body
 * exactly as sent. Generated ids and creation times differ between runs, so they are replaced by
 * placeholders in order of appearance; everything else (field order, number and boolean
 * spelling, date format, null, error messages) must match byte for byte across ORMs.
 */
export async function itemTranscript(base: string): Promise<string[]> {
  const lines: string[] = [];
  const ids = new Map<string, string>();
  const normalise = (text: string): string =>
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (!ids.has(id)) ids.set(id, `<id${ids.size + 1}>`);
        return ids.get(id) as string;
      })
      .replace(/"createdAt":"[^"]+"/g, '"createdAt":"<now>"');
  const send = async (method: string, path: string, body?: unknown): Promise<{ id?: string }> => {
    const response = await request(base, method, path, body);
    const total = response.headers.get('x-total-count');
    lines.push(
      normalise(
        `${method} ${path} -> ${response.status}${total === null ? '' : ` (X-Total-Count ${total})`} ${response.text}`,
      ),
    );
    return response.body as { id?: string };
  };
  const owner = '5f0c6d1e-8a2b-4c3d-9e4f-a0b1c2d3e4f5';
  const missing = '00000000-0000-4000-8000-000000000000';

  const full = await send('POST', '/api/items', {
    label: 'full',
    count: 3,
    ratio: 0.25,
    done: true,
    due: '2030-01-02T03:04:05.678Z',
    // Keys in an order PostgreSQL's jsonb would change ("a" before "ok"): sent back as sent.
    meta: { tags: ['a', 1, null], nested: { ok: true, a: 1 } },
    level: 'high',
  });
  const bare = await send('POST', '/api/items', { label: 'bare' });
  await send('POST', '/api/items', {
    label: 'zero',
    count: 0,
    ratio: 0,
    done: false,
    meta: [],
    due: '2031-05-06T00:00:00Z',
  });
  await send('POST', '/api/items', { label: 'full' });
  await send('POST', '/api/items', { label: 'bad', count: 1.5, level: 'mid' });
  await send('POST', `/api/owners/${owner}/items`, { label: 'owned' });
  await send('GET', '/api/items');
  await send('GET', `/api/owners/${owner}/items`);
  await send('GET', `/api/items/${full.id}`);
  await send('GET', `/api/items/${missing}`);
  await send('GET', '/api/items/not-a-uuid');
  await send('PATCH', `/api/items/${bare.id}`, {
    count: 7,
    meta: 'text',
    due: '2032-01-01T12:00:00.000Z',
  });
  await send('PATCH', `/api/items/${bare.id}`, {});
  await send('PATCH', `/api/items/${bare.id}`, { meta: null });
  await send('PATCH', `/api/items/${missing}`, { count: 1 });
  await send('PUT', `/api/items/${full.id}`, { label: 'full' });
  await send('PUT', `/api/items/${full.id}`, { label: 'bare' });
  await send('PUT', `/api/items/${missing}`, { label: 'nobody' });
  await send('DELETE', `/api/items/${bare.id}`);
  await send('DELETE', `/api/items/${bare.id}`);
  await send('GET', '/api/items');
  // A capital sorts before every lower-case letter (by code point, as SQLite compares text), on
  // PostgreSQL too, whatever the database's language (src/db/codePointOrder.ts).
  await send('POST', '/api/items', { label: 'Zeta', level: 'high', ratio: 0.5 });
  // List queries: filters, sorts, pages and the count, and the 400s for what does not fit.
  // No ties in these orders: ties are ordered by id, and ids differ from run to run.
  for (const query of [
    '?sort=-label&limit=2',
    '?sort=label&limit=2&offset=1',
    '?sort=-count&done=true',
    '?level=high',
    '?done=false&sort=-label',
    '?level=high&done=true',
    '?limit=5&offset=10',
    '?limit=6',
    // An optional field: its NULLs after every value ascending, before them descending.
    '?level=high&sort=ratio',
    '?level=high&sort=-ratio',
    '?sort=due',
    '?done=maybe',
    '?level=mid',
    '?label=full',
    '?limit=2&limit=3',
  ]) {
    await send('GET', `/api/items${query}`);
  }
  return lines;
}
