import http from 'http';
import { checkContract } from './openApiContract';

export interface JsonResponse {
  status: number;
  body: unknown;
  /** The body exactly as sent, for byte-for-byte comparisons. */
  text: string;
  headers: Headers;
}

/**
 * Sends a request and parses a JSON answer (or keeps the text when it is not JSON). Every answer
 * is checked against the OpenAPI document of the app (support/openApiContract.ts).
 */
export async function request(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  await checkContract(base, {
    method,
    path,
    status: response.status,
    body: parsed,
    text,
    headers: response.headers,
  });
  return { status: response.status, body: parsed, text, headers: response.headers };
}

/**
 * Sends JSON as a browser's script on the app's own page would (with its Origin) and expects
 * `status`; a failure names the request and shows the answer. Resolves with the answer's body.
 */
export async function sendExpecting(
  base: string,
  method: string,
  path: string,
  body: unknown,
  status: number,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const answer = await request(base, method, path, body, { origin: base, ...headers });
  expect([method, path, answer.status, answer.body]).toEqual([
    method,
    path,
    status,
    expect.anything(),
  ]);
  return answer.body as Record<string, unknown>;
}

/**
 * Sends a request with a body as it is, with node's http client: fetch refuses a body on a GET
 * and always frames a body with Content-Length. `chunked` sends it with
 * `Transfer-Encoding: chunked` instead. The answer is checked against the OpenAPI document too.
 */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
  chunked = false,
): Promise<JsonResponse> {
  const url = new URL(path, base);
  const framing = chunked
    ? { 'transfer-encoding': 'chunked' }
    : { 'content-length': String(Buffer.byteLength(body)) };
  return new Promise<{ status: number; text: string; headers: Headers }>((resolve, reject) => {
    const sent = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { ...framing, ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          const answered = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (typeof value === 'string') answered.set(name, value);
          resolve({ status: res.statusCode ?? 0, text, headers: answered });
        });
      },
    );
    sent.on('error', reject);
    sent.end(body);
  }).then(async ({ status, text, headers: answered }) => {
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    await checkContract(base, { method, path, status, body: parsed, text, headers: answered });
    return { status, body: parsed, text, headers: answered };
  });
}
