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
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<JsonResponse> {
    const headers = { ...options.headers };
    if (options.token) headers.authorization = `${this.scheme} ${options.token}`;
    const response = await request(this.base(), method, path, options.body, headers);
    const auth = options.token ? ' (signed in)' : '';
    this.lines.push(
      this.normalise(`${method} ${path}${auth} -> ${response.status} ${response.text}`),
    );
    return response;
  }

  private normalise(text: string): string {
    return text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (!this.ids.has(id)) this.ids.set(id, `<id${this.ids.size + 1}>`);
        return this.ids.get(id) as string;
      })
      .replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/g, '"<time>"')
      .replace(/"token":"[^"]+"/g, '"token":"<token>"');
  }
}
