import type { OrmName, SettingsConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { CorsSettings } from '../domain/cors';
import type { ConfigDocument } from '../load/configDocument';
import { checkCorsSettings } from './checkCorsSettings';
import { diagnosticAt } from './locate';
import { checkSameSitePath } from './sameSitePath';
import { validateAgainstSchema } from './schemaValidator';

/** Where a page that needs a signed-in user sends a visitor who is not (settings `loginPath`). */
export const DEFAULT_LOGIN_PATH = '/login';

/** Reverse proxies in front of the app whose forwarded headers count (settings `trustProxy`). */
export const DEFAULT_TRUST_PROXY = 0;

/**
 * appgen.config.json checked on its own (its schema and the login path), once per command: the
 * command's context keeps the result and generate takes it from there.
 */
export interface CheckedSettings {
  document?: ConfigDocument;
  /** The settings as written when they passed their schema; undefined without a file or with problems. */
  value?: SettingsConfig;
  /** `orm` of a valid file, else the default `prisma`: what a command acts on until generate reports the file. */
  orm: OrmName;
  loginPath: string;
  trustProxy: number;
  /** `cors` with its defaults filled in; null without it (the app serves its own origin only). */
  cors: CorsSettings | null;
  diagnostics: Diagnostic[];
}

export function checkSettings(document: ConfigDocument | undefined): CheckedSettings {
  const diagnostics = document ? trustProxyAsCount(document, validateAgainstSchema(document)) : [];
  const value = diagnostics.length === 0 ? (document?.value as SettingsConfig) : undefined;
  const loginPath = value?.loginPath ?? DEFAULT_LOGIN_PATH;
  const loginCheck = checkSameSitePath(loginPath);
  if (document && !loginCheck.ok)
    diagnostics.push(diagnosticAt(document, '/loginPath', loginCheck.message, loginCheck.hint));
  const trustProxy = value?.trustProxy ?? DEFAULT_TRUST_PROXY;
  const { cors, problems } = document
    ? checkCorsSettings(value?.cors, document)
    : { cors: null, problems: [] };
  diagnostics.push(...problems);
  return { document, value, orm: value?.orm || 'prisma', loginPath, trustProxy, cors, diagnostics };
}

/**
 * `"trustProxy": true` is Express's "trust every proxy", which would let any client choose the
 * host and address the app sees: its schema error says what to write instead.
 */
function trustProxyAsCount(document: ConfigDocument, diagnostics: Diagnostic[]): Diagnostic[] {
  const written = (document.value as { trustProxy?: unknown } | null)?.trustProxy;
  if (typeof written !== 'boolean') return diagnostics;
  return [
    ...diagnostics.filter((diagnostic) => diagnostic.jsonPath !== 'trustProxy'),
    diagnosticAt(
      document,
      '/trustProxy',
      `must be the number of reverse proxies in front of the app, got ${written}`,
      written
        ? 'write 1 for one proxy or load balancer (2 for a CDN in front of it): trusting every proxy would let any client choose the host and address the app sees.'
        : 'write 0 (the default), or leave it out.',
    ),
  ];
}
