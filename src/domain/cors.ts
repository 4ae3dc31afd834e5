/**
 * Cross-origin requests from browsers (settings `cors`), in long form: what validate checks and
 * fills in, and what map hands src/appgen/cors.ts.
 */
export interface CorsSettings {
  /** Origins whose pages may call the app (`https://app.example`), or `*` for any. */
  origins: string[] | '*';
  /** Those origins' requests may carry the app's cookies (never with `*`). */
  credentials: boolean;
  /** The methods other origins may use; null: every method a route declares. */
  methods: string[] | null;
  /** Request headers other origins may send (Access-Control-Allow-Headers). */
  headers: string[];
  /** Answer headers their scripts may read (Access-Control-Expose-Headers). */
  exposeHeaders: string[];
  /** Seconds a browser may keep a preflight's answer (Access-Control-Max-Age). */
  maxAge: number;
}

/** The request headers of a JSON API with tokens: a JSON body and `Authorization`. */
export const DEFAULT_CORS_HEADERS = ['Content-Type', 'Authorization'];

/**
 * The answer headers appgen's routes send that a browser hides from other origins unless they
 * are exposed: a list's count, the next page of a list that pages by cursor, and a throttled
 * log-in's wait.
 */
export const DEFAULT_CORS_EXPOSE_HEADERS = ['X-Total-Count', 'Link', 'Retry-After'];

/** Ten minutes: browsers keep a preflight's answer this long (Chromium at most two hours). */
export const DEFAULT_CORS_MAX_AGE = 600;

/** The environment variable that replaces `cors.origins` where the app runs. */
export const CORS_ORIGINS_VARIABLE = 'APPGEN_CORS_ORIGINS';
