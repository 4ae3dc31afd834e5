import path from 'path';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { readEjectionRecord, templateHash, writeEjectionRecord } from '../../../src/templates/ejectionRecord';
import { ejectTemplates } from '../../../src/templates/ejectTemplates';
import { minimalProject } from '../support/configs';
import { makeProject } from '../support/tempProject';

/** A minimal project that ejected `names`. */
export function ejectedProject(names: string[]): string {
  const root = makeProject(minimalProject());
  ejectTemplates({ root, builtinDir: BUILTIN_TEMPLATES_DIR, names, all: false });
  return root;
}

/**
 * Makes the record say these templates were ejected from an older built-in, as after an
 * upgrade of appgen that changed them.
 */
export function pretendBuiltinChanged(root: string, names: string[]): void {
  const dir = path.join(root, 'templates');
  const record = readEjectionRecord(dir);
  for (const name of names) record.templates[name] = { sha256: templateHash(`older ${name}`), appgenVersion: '0.0.1' };
  writeEjectionRecord(dir, record);
}
