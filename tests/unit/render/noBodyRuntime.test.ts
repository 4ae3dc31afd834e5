import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

type Answer = { status: number; body: unknown };

// The generated src/appgen/noBody.ts, run as it is (issue 49, item 1): a route that declares no
// body refuses a request that carries one, rather than ignore what the client put there.
const files = renderFiles(minimalProject());
const content = (path: string) => files.get(path)?.content ?? '';
const jsonError = (status: number, message: string): Answer => ({
  status,
  body: { error: message },
});
const body = evaluateModule('body.ts', content('src/appgen/body.ts'), { './http': { jsonError } });
const runtime = evaluateModule('noBody.ts', content('src/appgen/noBody.ts'), {
  './body': body,
  './http': { jsonError },
});
const refuseBody = runtime.refuseBody as (
  request: Request,
  where: string,
) => Promise<Answer | null>;
const carriesBody = runtime.carriesBody as (headers: Headers) => boolean;

const WHERE = 'send filters in the query string, e.g. ?done=true';
const REFUSED = { status: 400, body: { error: `This route takes no request body; ${WHERE}` } };
const UNSUPPORTED = {
  status: 415,
  body: { error: `Unsupported Content-Type: this route takes no request body; ${WHERE}` },
};

/**
 * A request as Next.js hands it to a handler: a server sets Content-Length (or
 * Transfer-Encoding) from what the client sent, which `new Request` alone does not.
 */
function sent(
  method: string,
  text: string | null,
  headers: Record<string, string> = {},
  chunked = false,
): Request {
  const framing: Record<string, string> =
    text === null
      ? {}
      : chunked
        ? { 'transfer-encoding': 'chunked' }
        : { 'content-length': String(Buffer.byteLength(text)) };
  const init: RequestInit & { duplex?: string } = { method, headers: { ...framing, ...headers } };
  if (text !== null) {
    // Bytes, not a string: undici would add `Content-Type: text/plain` to a string.
    init.body = new TextEncoder().encode(text);
    init.duplex = 'half';
  }
  return new Request('http://127.0.0.1/api/tasks', init);
}

describe('carriesBody: Content-Length other than 0, or a Transfer-Encoding', () => {
  it.each([
    [{}, false],
    [{ 'content-length': '0' }, false],
    [{ 'content-length': '00' }, false],
    [{ 'content-type': 'application/json' }, false],
    [{ 'content-length': '2' }, true],
    [{ 'transfer-encoding': 'chunked' }, true],
  ])('%j: %s', (headers, carries) => {
    expect(carriesBody(new Headers(headers))).toBe(carries);
  });
});

describe('refuseBody', () => {
  it.each([
    ['no body at all (fetch without one)', sent('DELETE', null)],
    [
      'Content-Length: 0 with a JSON Content-Type',
      sent('DELETE', '', { 'content-type': 'application/json' }),
    ],
    [
      'Content-Length: 0 with another Content-Type',
      sent('POST', '', { 'content-type': 'text/plain' }),
    ],
    [
      '{} (clients that always send an object)',
      sent('DELETE', '{}', { 'content-type': 'application/json' }),
    ],
    ['{ } with white space, and no Content-Type', sent('DELETE', ' {\n} ')],
    ['an empty chunked body', sent('DELETE', '', { 'content-type': 'application/json' }, true)],
    ['{} chunked', sent('PATCH', '{}', { 'content-type': 'application/json' }, true)],
  ])('lets through %s', async (_what, request) => {
    expect(await refuseBody(request, WHERE)).toBeNull();
  });

  it.each([
    ['a JSON filter', sent('DELETE', '{"done":true}', { 'content-type': 'application/json' })],
    [
      'a +json type',
      sent('DELETE', '{"done":true}', { 'content-type': 'application/vnd.api+json' }),
    ],
    ['a body without a Content-Type', sent('DELETE', 'done=true')],
    [
      'a chunked JSON filter',
      sent('DELETE', '{"done":true}', { 'content-type': 'application/json' }, true),
    ],
    ['JSON null', sent('DELETE', 'null', { 'content-type': 'application/json' })],
    ['an empty list', sent('DELETE', '[]', { 'content-type': 'application/json' })],
    ['text that is not JSON', sent('DELETE', '{', { 'content-type': 'application/json' })],
    [
      '{} padded past 64 bytes',
      sent('DELETE', `{${' '.repeat(100)}}`, { 'content-type': 'application/json' }),
    ],
  ])('answers 400 to %s', async (_what, request) => {
    expect(await refuseBody(request, WHERE)).toEqual(REFUSED);
  });

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json-seq',
  ])('answers 415 to a body of type %s, {} too', async (type) => {
    expect(
      await refuseBody(sent('DELETE', '{"done":true}', { 'content-type': type }), WHERE),
    ).toEqual(UNSUPPORTED);
    expect(await refuseBody(sent('DELETE', '{}', { 'content-type': type }), WHERE)).toEqual(
      UNSUPPORTED,
    );
  });

  it('refuses any body a GET says it has, {} too: Next.js never hands it over to be read', async () => {
    // A GET's Request has no body (undici refuses one, Next.js drops it); its headers remain.
    const get = (length: string) =>
      new Request('http://127.0.0.1/api/tasks', {
        headers: { 'content-length': length, 'content-type': 'application/json' },
      });
    expect(await refuseBody(get('2'), WHERE)).toEqual(REFUSED);
    expect(await refuseBody(get('13'), WHERE)).toEqual(REFUSED);
    expect(await refuseBody(get('0'), WHERE)).toBeNull();
  });

  it('reads no more of a large or endless body than it needs', async () => {
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 65_536;
        controller.enqueue(new Uint8Array(65_536).fill(32));
      },
      cancel: () => {
        cancelled = true;
      },
    });
    const request = new Request('http://127.0.0.1/api/tasks', {
      method: 'DELETE',
      headers: { 'transfer-encoding': 'chunked', 'content-type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(await refuseBody(request, WHERE)).toEqual(REFUSED);
    expect(pulled).toBeLessThanOrEqual(2 * 65_536);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cancelled).toBe(true);
  });
});
