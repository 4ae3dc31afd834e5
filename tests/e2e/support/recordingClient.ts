import { request, type JsonResponse } from './http';

/**
 * An HTTP client that keeps a transcript of what it sent and got: `METHOD path -> status body`,
 * with generated ids, times and tokens replaced by placeholders in order of appearance. The same
 * conversation with another ORM or database must give the same transcript, byte for byte.
 */
export class RecordingClient {
  readonly lines: string[] = [];
  private readonly ids = new Map<string, string>();

  /** `scheme`: of `Authorization: <scheme> <token>` (the app's `accounts.tokenScheme`). */
  constructor(
    private readonly base: () => string,
    private readonly scheme = 'Bearer',
  ) {}

  async send(
    method: string,
    path: string,
    options: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      /** Answer headers written into the transcript after the body (`[link: <...>]`) when sent. */
      record?: string[];
    } = {},
  ): Promise<JsonResponse> {
    const headers = { ...options.headers };
    if (options.token) headers.authorization = `${this.scheme} ${options.token}`;
    const response = await request(this.base(), method, path, options.body, headers);
    const auth = options.token ? ' (signed in)' : '';
    const recorded = (options.record ?? [])
      .filter((name) => response.headers.has(name))
      .map((name) => ` [${name}: ${response.headers.get(name)}]`)
      .join('');
    this.lines.push(
      this.normalise(`${method} ${path}${auth} -> ${response.status} ${response.text}${recorded}`),
    );
    return response;
  }

  private normalise(text: string): string {
    return text
      .replace(
        /(cursor=|"next":"|"prev":")([A-Za-z0-9_-]{16,})/g,
        (_, lead: string, cursor: string) => {
          return `${lead}${cursorText(cursor)}`;
        },
      )
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (!this.ids.has(id)) this.ids.set(id, `<id${this.ids.size + 1}>`);
        return this.ids.get(id) as string;
      })
      .replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/g, '"<time>"')
      .replace(/"token":"[^"]+"/g, '"token":"<token>"');
  }
}

/**
 * A cursor of a list that pages by cursor (base64url of JSON) as its JSON, `<cursor {...}>`, so
 * that the ids and times in it are replaced like any other; any other text as it is.
 */
function cursorText(text: string): string {
  try {
    const payload: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && 's' in payload
      ? `<cursor ${JSON.stringify(payload)}>`
      : text;
  } catch {
    return text;
  }
}
