import fs from 'fs';
import path from 'path';
import { UserError } from '../diagnostics/diagnostic';
import { ejectedNow, readEjectionRecord, writeEjectionRecord } from './ejectionRecord';
import { selectBuiltins, type TemplateSelection } from './ejectTemplates';
import { projectTemplatesDir } from './projectTemplatesDir';

/**
 * Records the current built-ins as the base of the project's copies: after merging a changed
 * built-in into an override, this stops generate's warning about it. With `all`, every
 * override; a named template the project does not override is an error (nothing is recorded).
 */
export function acceptTemplates(selection: TemplateSelection): string[] {
  const templatesDir = projectTemplatesDir(selection.root);
  const overridden = (name: string) => fs.existsSync(path.join(templatesDir, ...name.split('/')));
  const chosen = [...selectBuiltins(selection, 'accept')];
  const missing = chosen.filter(([name]) => !overridden(name)).map(([name]) => name);
  if (missing.length && !selection.all) {
    throw new UserError(`this project does not override ${missing.map((name) => `templates/${name}`).join(', ')}`, 'accept records the built-in your copy is based on; eject the template first: appgen templates eject <name>.');
  }
  const record = readEjectionRecord(templatesDir);
  const accepted = chosen.filter(([name]) => overridden(name));
  for (const [name, builtinFile] of accepted) record.templates[name] = ejectedNow(builtinFile);
  if (accepted.length) writeEjectionRecord(templatesDir, record);
  return accepted.map(([name]) => name);
}
