import type { CorsConfig, QueryStyle, RouteConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import {
  DEFAULT_CORS_EXPOSE_HEADERS,
  DEFAULT_CORS_HEADERS,
  DEFAULT_CORS_MAX_AGE,
  type CorsSettings,
} from '../domain/cors';
import type { ConfigDocument } from '../load/configDocument';
import { envelopeOf } from '../domain/envelope';
import type { CheckedRoute } from './checkedProject';
import { diagnosticAt } from './locate';

export type OriginCheck = { ok: true } | { ok: false; message: string; hint: string };

/** What browsers send in `Origin`: `http` or `https`, the host in lower case, the port unless the scheme's default. */
function serialisedOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    return ['http:', 'https:'].includes(url.protocol) && url.host !== '' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * One entry of `cors.origins`: an origin exactly as a browser writes it in `Origin`
 * (`scheme://host[:port]`, no path, no default port), since the app compares them as they are.
 */
export function checkOrigin(entry: string): OriginCheck {
  const shown = JSON.stringify(entry);
  const wrong = (message: string, hint: string): OriginCheck => ({ ok: false, message, hint });
  if (entry === '*')
    return wrong(
      `"*" cannot be one of a list of origins`,
      'write "origins": "*" (not in a list) to allow any origin, or list the origins.',
    );
  if (entry === 'null')
    return wrong(
      `"null" is the origin of sandboxed frames, files and some redirects, shared by any page that wants it`,
      'list the origins of your own pages instead.',
    );
  if (entry.includes('*'))
    return wrong(
      `${shown} has a wildcard: origins are compared as they are`,
      'list each origin (e.g. "https://app.example.com"), or write "origins": "*" for any.',
    );
  if (entry.trim() !== entry || entry.includes(','))
    return wrong(
      `${shown} is not one origin`,
      'write each origin as its own string of the list, without spaces.',
    );
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(entry)) {
    const local = /^(localhost|127\.|\[::1\])/i.test(entry) ? 'http' : 'https';
    const fixed = serialisedOrigin(`${local}://${entry}`);
    return wrong(
      `${shown} is not an origin: it has no scheme`,
      fixed
        ? `did you mean "${fixed}"?`
        : 'write it as scheme://host[:port], e.g. "https://app.example.com".',
    );
  }
  const origin = serialisedOrigin(entry);
  if (origin === null)
    return wrong(
      `${shown} is not an http or https origin`,
      'write it as scheme://host[:port], e.g. "https://app.example.com" or "http://localhost:5173".',
    );
  if (origin === entry) return { ok: true };
  const url = new URL(entry);
  const extra =
    url.username || url.password
      ? 'a user name or password'
      : url.search || url.hash || url.pathname !== '/' || entry.endsWith('/')
        ? 'a path'
        : null;
  return wrong(
    extra
      ? `${shown} is not an origin: it has ${extra}, which a browser's Origin header never does`
      : `${shown} is not written as browsers send it in Origin (lower case, no default port), so it would never match`,
    `did you mean "${origin}"?`,
  );
}

/** A header name (RFC 9110 token): letters, digits and !#$%&'*+.^_`|~- */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function checkHeaderNames(
  names: string[],
  at: (index: number, message: string, hint: string) => void,
  what: 'headers' | 'exposeHeaders',
): void {
  const seen = new Map<string, string>();
  names.forEach((name, index) => {
    if (name === '*')
      return at(
        index,
        `"*" is not taken here: browsers ignore it on requests with credentials${what === 'headers' ? ', and it never covers Authorization' : ''}`,
        'list the header names.',
      );
    if (!HEADER_NAME.test(name)) {
      const fixed = name
        .replace(/[\s_:]+/g, '-')
        .replace(/[^!#$%&'*+.^`|~0-9A-Za-z-]/g, '')
        .replace(/^-+|-+$/g, '');
      return at(
        index,
        `${JSON.stringify(name)} is not a header name`,
        fixed && HEADER_NAME.test(fixed)
          ? `did you mean "${fixed}"?`
          : 'write a header name, e.g. "Content-Type".',
      );
    }
    const earlier = seen.get(name.toLowerCase());
    if (earlier !== undefined)
      return at(
        index,
        `${JSON.stringify(name)} is listed twice (header names are compared without regard to case: ${JSON.stringify(earlier)})`,
        'remove one.',
      );
    seen.set(name.toLowerCase(), name);
  });
}

/**
 * `cors` of appgen.config.json, which passed its schema: the origins are origins, `*` goes without
 * credentials, header names are names. Returns the settings with defaults filled in (null
 * without `cors`) and the problems, each at its value.
 */
export function checkCorsSettings(
  config: CorsConfig | undefined,
  document: ConfigDocument,
): { cors: CorsSettings | null; problems: Diagnostic[] } {
  if (config === undefined) return { cors: null, problems: [] };
  const problems: Diagnostic[] = [];
  const at = (pointer: string, message: string, hint: string) =>
    problems.push(diagnosticAt(document, `/cors${pointer}`, message, hint));
  const { origins } = config;
  if (typeof origins === 'string' && origins !== '*') {
    const listed = origins.split(',').map((entry) => entry.trim());
    const fixed = listed.map((entry) => (checkOrigin(entry).ok ? entry : null));
    at(
      '/origins',
      `must be "*" (any origin) or a list of origins, got ${JSON.stringify(origins)}`,
      fixed.every((entry) => entry !== null)
        ? `write it as a list: ${JSON.stringify(fixed)}.`
        : 'write a list, e.g. ["http://localhost:5173"].',
    );
  } else if (Array.isArray(origins)) {
    origins.forEach((entry, index) => {
      const check = checkOrigin(entry);
      if (!check.ok) at(`/origins/${index}`, check.message, check.hint);
    });
  }
  if (origins === '*' && config.credentials === true)
    at(
      '/credentials',
      '"credentials": true with "origins": "*" would let any site act with a visitor\'s cookies (browsers refuse it too)',
      'list the origins whose pages may send cookies, e.g. "origins": ["https://app.example.com"]; or leave "credentials" out and have clients send a token in Authorization.',
    );
  if (config.headers)
    checkHeaderNames(
      config.headers,
      (index, message, hint) => at(`/headers/${index}`, message, hint),
      'headers',
    );
  if (config.exposeHeaders)
    checkHeaderNames(
      config.exposeHeaders,
      (index, message, hint) => at(`/exposeHeaders/${index}`, message, hint),
      'exposeHeaders',
    );
  return {
    cors: {
      origins: origins === '*' ? '*' : [...(origins as string[])],
      credentials: config.credentials ?? false,
      methods: config.methods ? [...config.methods] : null,
      headers: [...(config.headers ?? DEFAULT_CORS_HEADERS)],
      exposeHeaders: [...(config.exposeHeaders ?? DEFAULT_CORS_EXPOSE_HEADERS)],
      maxAge: config.maxAge ?? DEFAULT_CORS_MAX_AGE,
    },
    problems,
  };
}

/** The style a route's list is read in, or null for a route without `query`. */
const styleOf = (route: RouteConfig, projectStyle: QueryStyle | undefined): QueryStyle | null =>
  route.query ? (route.query.style ?? projectStyle ?? 'appgen') : null;

/** Headers that lists send, or that their clients send, which a cross-origin page needs listed. */
interface ListHeader {
  name: string;
  /** `exposeHeaders` for an answer header, `headers` for a request header. */
  list: 'exposeHeaders' | 'headers';
  needs: (route: RouteConfig, style: QueryStyle | null) => boolean;
  what: string;
}

/**
 * The count, the next page of a bare list that pages by cursor, and react-admin's simple REST
 * provider's Content-Range (the total) and Range (the page asked, in a header that is not
 * CORS-safelisted: the preflight must allow it).
 */
const LIST_HEADERS: readonly ListHeader[] = [
  {
    name: 'X-Total-Count',
    list: 'exposeHeaders',
    needs: (route, style) =>
      (Boolean(route.query?.count) || style === 'json-server') && envelopeOf(route).count === null,
    what: 'sends its count in X-Total-Count',
  },
  {
    name: 'Link',
    list: 'exposeHeaders',
    needs: (route) =>
      route.query?.pagination === 'cursor' &&
      route.query.pageSize !== undefined &&
      envelopeOf(route).response === null,
    what: 'sends the URL of its next page in Link',
  },
  {
    name: 'Content-Range',
    list: 'exposeHeaders',
    needs: (route, style) => style === 'simple-rest' && envelopeOf(route).count === null,
    what: 'sends its total in Content-Range (simple-rest style)',
  },
  {
    name: 'Range',
    list: 'headers',
    needs: (route, style) => style === 'simple-rest' && route.query?.pageSize !== undefined,
    what: "is asked for its pages in a Range header by react-admin's simple REST provider",
  },
];

/**
 * Warnings for `cors.exposeHeaders` or `cors.headers` written without a header a list needs: a
 * page of another origin would get the list but read no count (browsers hide the header), or its
 * preflight would fail (the Range header of react-admin's simple REST provider).
 */
export function unexposedCountWarnings(
  config: CorsConfig | undefined,
  document: ConfigDocument | undefined,
  routes: readonly CheckedRoute[],
  projectStyle?: QueryStyle,
): Diagnostic[] {
  if (!config || !document) return [];
  return LIST_HEADERS.flatMap(({ name, list, needs, what }) => {
    const written = config[list];
    if (!written || written.some((listed) => listed.toLowerCase() === name.toLowerCase()))
      return [];
    const sending = routes.find(
      (route) => !route.config.redirect && needs(route.config, styleOf(route.config, projectStyle)),
    );
    if (!sending) return [];
    const reading = list === 'headers' ? 'cannot send' : 'cannot read';
    return [
      diagnosticAt(
        document,
        `/cors/${list}`,
        `${sending.config.method} ${sending.config.path} (${sending.origin.file}) ${what}, which pages of other origins ${reading} unless it is listed here`,
        `add "${name}" to "${list}".`,
      ),
    ];
  });
}

/**
 * The CORS settings with the headers lists need added to those not written: Content-Range among
 * the exposed headers and Range among the allowed ones when a list reads react-admin's simple
 * REST style (its clients send the page in Range and read the total in Content-Range).
 */
export function corsWithStyleHeaders(
  cors: CorsSettings | null,
  config: CorsConfig | undefined,
  routes: readonly CheckedRoute[],
  projectStyle: QueryStyle | undefined,
): CorsSettings | null {
  if (!cors) return cors;
  const added = (list: ListHeader['list']) =>
    config?.[list]
      ? []
      : LIST_HEADERS.filter(
          (header) =>
            header.list === list &&
            !cors[list].includes(header.name) &&
            routes.some((route) => header.needs(route.config, styleOf(route.config, projectStyle))),
        ).map((header) => header.name);
  return {
    ...cors,
    exposeHeaders: [...cors.exposeHeaders, ...added('exposeHeaders')],
    headers: [...cors.headers, ...added('headers')],
  };
}
