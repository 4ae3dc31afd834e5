import fs from 'fs';
import path from 'path';
import { UserError } from '../diagnostics/diagnostic';
import { listTemplateFiles } from '../render/templateSet';
import { ejectedNow, readEjectionRecord, writeEjectionRecord } from './ejectionRecord';
import { projectTemplatesDir } from './projectTemplatesDir';
import { resolveTemplateNames } from './resolveTemplateNames';

export interface TemplateSelection {
  root: string;
  builtinDir: string;
  /** Template paths, partial names or folders (see resolveTemplateNames). */
  names: readonly string[];
  all?: boolean;
}

export interface EjectResult {
  /** Copied into templates/, by path under templates/. */
  copied: string[];
  /** Left alone because templates/ already holds a file of that path. */
  skipped: string[];
}

/** The built-in templates a selection means: every one with `all`, else the named ones. */
export function selectBuiltins(selection: TemplateSelection, verb: string): Map<string, string> {
  const builtins = new Map(listTemplateFiles(selection.builtinDir, 'built-in').map((source) => [source.name, source.file]));
  if (selection.all && selection.names.length) throw new UserError(`name templates or pass --all, not both`, `appgen templates ${verb} --all, or appgen templates ${verb} <name...>.`);
  if (!selection.all && !selection.names.length) throw new UserError(`name the templates to ${verb}, or pass --all`, `appgen templates list shows every template; e.g. appgen templates ${verb} partials/view/element.hbs`);
  const names = selection.all ? [...builtins.keys()] : resolveTemplateNames(selection.names, [...builtins.keys()]);
  return new Map(names.map((name) => [name, builtins.get(name) as string]));
}

/**
 * Copies built-in templates into the project's templates/ (same relative path) to start a
 * customisation from, and records each built-in's hash so that generate can tell when it
 * changes. Never overwrites: a file already there is skipped and reported.
 */
export function ejectTemplates(selection: TemplateSelection): EjectResult {
  const templatesDir = projectTemplatesDir(selection.root);
  const chosen = selectBuiltins(selection, 'eject');
  const record = readEjectionRecord(templatesDir);
  const result: EjectResult = { copied: [], skipped: [] };
  try {
    for (const [name, builtinFile] of chosen) {
      const target = path.join(templatesDir, ...name.split('/'));
      if (fs.existsSync(target)) {
        result.skipped.push(name);
        continue;
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // COPYFILE_EXCL: even a file created since the check above is never overwritten.
      fs.copyFileSync(builtinFile, target, fs.constants.COPYFILE_EXCL);
      record.templates[name] = ejectedNow(builtinFile);
      result.copied.push(name);
    }
  } finally {
    if (result.copied.length) writeEjectionRecord(templatesDir, record);
  }
  return result;
}
