import fs from 'fs';
import path from 'path';
import { UserError } from '../diagnostics/diagnostic';
import { PACKAGE_ROOT } from '../paths/packageRoot';
import { sha256Hex } from '../hash/sha256Hex';

/** Beside the project's templates: which built-in each ejected copy started from. */
export const EJECTION_RECORD = '.appgen-templates.json';

export interface EjectedTemplate {
  /** SHA-256 of the built-in template when it was ejected (or last accepted). */
  sha256: string;
  appgenVersion: string;
}

export interface EjectionRecord {
  version: 1;
  templates: Record<string, EjectedTemplate>;
}

/** Line endings do not count: a checkout with CRLF is the same template. */
export function templateHash(content: string): string {
  return sha256Hex(content.replace(/\r\n/g, '\n'));
}

export function appgenVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** An entry for a built-in template as it is now. */
export function ejectedNow(builtinFile: string): EjectedTemplate {
  return { sha256: templateHash(fs.readFileSync(builtinFile, 'utf8')), appgenVersion: appgenVersion() };
}

export function readEjectionRecord(templatesDir: string): EjectionRecord {
  const file = path.join(templatesDir, EJECTION_RECORD);
  if (!fs.existsSync(file)) return { version: 1, templates: {} };
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as EjectionRecord;
    if (value.version !== 1 || typeof value.templates !== 'object' || value.templates === null) throw new Error('unexpected shape');
    for (const entry of Object.values(value.templates)) {
      if (typeof entry?.sha256 !== 'string') throw new Error('an entry has no sha256');
    }
    return value;
  } catch (error) {
    throw new UserError(
      `templates/${EJECTION_RECORD} is damaged (${(error as Error).message})`,
      `restore it from version control, or delete it (appgen then cannot tell whether the built-ins of your templates changed; \`appgen templates accept --all\` records them again).`,
    );
  }
}

export function serializeEjectionRecord(record: EjectionRecord): string {
  const templates = Object.fromEntries(Object.entries(record.templates).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const note = 'Written by `appgen templates eject`: the built-in each template here was copied from. `appgen generate` warns when that built-in changes. Commit this file.';
  return `${JSON.stringify({ $comment: note, version: 1, templates }, null, 2)}\n`;
}

export function writeEjectionRecord(templatesDir: string, record: EjectionRecord): void {
  fs.mkdirSync(templatesDir, { recursive: true });
  const file = path.join(templatesDir, EJECTION_RECORD);
  const temp = `${file}.${process.pid}.appgen-tmp`;
  fs.writeFileSync(temp, serializeEjectionRecord(record));
  fs.renameSync(temp, file);
}
