import type { OrmName, SettingsConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { diagnosticAt } from './locate';
import { checkSameSitePath } from './sameSitePath';
import { validateAgainstSchema } from './schemaValidator';

/** Where a page that needs a signed-in user sends a visitor who is not (settings `loginPath`). */
export const DEFAULT_LOGIN_PATH = '/login';

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
  diagnostics: Diagnostic[];
}

export function checkSettings(document: ConfigDocument | undefined): CheckedSettings {
  const diagnostics = document ? validateAgainstSchema(document) : [];
  const value = diagnostics.length === 0 ? (document?.value as SettingsConfig) : undefined;
  const loginPath = value?.loginPath ?? DEFAULT_LOGIN_PATH;
  const loginCheck = checkSameSitePath(loginPath);
  if (document && !loginCheck.ok)
    diagnostics.push(diagnosticAt(document, '/loginPath', loginCheck.message, loginCheck.hint));
  return { document, value, orm: value?.orm || 'prisma', loginPath, diagnostics };
}
