import http from 'http';
import type { Page } from 'playwright-core';
import { freePort } from './server';

/** A page of another site, on loopback: `http://localhost:<port>` beside an app at 127.0.0.1. */
export interface OtherOrigin {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves one empty HTML page at `http://localhost:<port>` (a port chosen now, or `port`), so that
 * every request its scripts send to an app at `http://127.0.0.1:<port>` is cross-site and CORS
 * decides what the page may read.
 */
export async function servePage(title: string, port?: number): Promise<OtherOrigin> {
  const listening = port ?? (await freePort());
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>${title}</title><p>${title}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(listening, resolve));
  return {
    origin: `http://localhost:${listening}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An answer as a page's script reads it across origins. */
export interface PageAnswer {
  status: number;
  body: unknown;
  /** Response headers the page may read (CORS-safelisted and exposed ones). */
  headers: Record<string, string>;
}

/**
 * Sends one request with the page's own fetch (no cookies); a JSON body goes with
 * `Content-Type: application/json` unless `headers` say otherwise. A request CORS blocks
 * rejects with the browser's TypeError.
 */
export function fromPage(
  page: Page,
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<PageAnswer> {
  return page.evaluate(
    async ({ method, url, body, headers }) => {
      const init: RequestInit = { method, credentials: 'omit', headers: { ...headers } };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        init.headers = { 'content-type': 'application/json', ...headers };
      }
      const response = await fetch(url, init);
      const text = await response.text();
      const read: Record<string, string> = {};
      response.headers.forEach((value, name) => (read[name] = value));
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: read };
    },
    { method, url, body: options.body, headers: options.headers ?? {} },
  );
}
