import { runGenerate, type GenerateCommandOptions } from '../../../src/generate/runGenerate';
import { generateProject, GenerateResult } from '../../../src/generate/generateProject';
import { SQLITE_OPTIONS } from './generateOptions';
import { loadSettings } from '../../../src/load/loadSettings';
import { checkSettings } from '../../../src/validate/checkSettings';

/** The whole pipeline on a project folder, as `appgen generate` runs it. */
export function generate(root: string, options: { dryRun?: boolean } = {}): GenerateResult {
  return generateProject({ root, ...SQLITE_OPTIONS, ...options });
}

/** `appgen generate [--check | --dry-run]` in-process on the embedded SQLite database: its exit code and printed lines. */
export function generateCommand(
  root: string,
  options: GenerateCommandOptions = {},
): { exitCode: number; output: string } {
  const lines: string[] = [];
  const database = {
    url: SQLITE_OPTIONS.defaultDatabaseUrl,
    provider: SQLITE_OPTIONS.provider,
    defaultUrl: SQLITE_OPTIONS.defaultDatabaseUrl,
  };
  const loaded = loadSettings(root);
  const settings = { loaded, checked: checkSettings(loaded.document) };
  const { exitCode } = runGenerate(
    { root, env: {}, settings, orm: 'prisma', database, log: (line) => lines.push(line) },
    options,
  );
  return { exitCode, output: lines.join('\n') };
}

/** Runs `work`, returning what it threw (and failing when it did not throw). */
export function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
