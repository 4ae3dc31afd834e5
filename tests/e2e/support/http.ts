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
