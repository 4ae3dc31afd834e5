import { DataLossRefused, generateOrmClient, syncDatabase } from '../db/prepareDatabase';
import { ConfigError } from '../diagnostics/diagnostic';
import { DEV_PROBLEMS_PATH, type DevProblem, writeDevProblems } from '../generate/devProblems';
import type { GenerateResult } from '../generate/generateProject';
import { planGenerate, writePlanned } from '../generate/runGenerate';
import type { CommandContext } from '../project/commandContext';

/** The generated schema of each ORM: when it changes, the database is synced first. */
const SCHEMA_FILES: Record<string, string> = {
  prisma: 'prisma/schema.prisma',
  drizzle: 'src/appgen/schema.ts',
};

/** A model change the database took, as `beforeWrite` and the outcome describe it. */
export interface ModelChange {
  /** The ORM is not the one of the previous run: the running server holds the other ORM's client. */
  ormChanged: boolean;
}

export type DevOutcome =
  /**
   * Written; `modelsChanged`: the database took a new schema (the running server must take up the
   * new modules: appgen dev reloads them, or restarts next dev, see runDevServer).
   */
  | ({ ok: true; modelsChanged: boolean } & ModelChange)
  /** Nothing written; `retry`: a database problem, worth trying again without a file change. */
  | { ok: false; retry: boolean };

export interface DevRegenerationOptions {
  acceptDataLoss: boolean;
  /** The text the CLI prints for an error (its reporter, collected). */
  describeError: (error: unknown) => string;
  /** Where that text goes (stderr). */
  print: (text: string) => void;
}

/**
 * One `appgen dev` generation, in an order that keeps the app consistent: plan the files in
 * memory; when the models changed, bring the database in line with the planned schema first, then
 * generate the Prisma client from it; only then write the files. A config error or a refused model change writes
 * nothing, so the app keeps running its last good version, whose files, client and database agree.
 * The problem is printed and shown in the browser (src/appgen/devProblems.ts, read by the layout).
 */
export class DevRegeneration {
  /** The schema the database and the running server have; undefined before the first run. */
  private applied?: string;
  /** The ORM of that schema. */
  private appliedOrm?: string;
  /** The problems module as last generated (empty list): the base of the banner. */
  private problemsModule?: string;
  /** The problem text printed last, so that a retry does not print it again. */
  private printed = '';

  constructor(private readonly options: DevRegenerationOptions) {}

  /**
   * `beforeWrite`: called once the database took a changed schema, before the ORM client and the
   * files are written (not at the start): when appgen dev is to restart `next dev` for the change,
   * it stops it there; a running server would recompile every written file meanwhile, for nothing,
   * while `prisma generate` waits for the CPU (bench/README.md, issue 20 fifth pass).
   */
  async run(
    context: CommandContext,
    trigger: 'start' | 'change' | 'retry',
    beforeWrite?: (change: ModelChange) => Promise<void>,
  ): Promise<DevOutcome> {
    let planned: GenerateResult | undefined;
    let stage: 'config' | 'database' | 'write' = 'config';
    try {
      planned = planGenerate(context);
      const schema = planned.files.get(SCHEMA_FILES[context.orm])?.content ?? '';
      const modelsChanged = schema !== this.applied;
      // At the start there is no server yet: nothing to stop or restart.
      const serverRestarts = modelsChanged && trigger !== 'start';
      const change: ModelChange = {
        ormChanged: this.appliedOrm !== undefined && this.appliedOrm !== context.orm,
      };
      if (modelsChanged) {
        stage = 'database';
        await syncDatabase(context, {
          acceptDataLoss: this.options.acceptDataLoss,
          schema: context.orm === 'none' ? undefined : schema,
        });
        if (serverRestarts) await beforeWrite?.(change);
        // The Prisma client before the files: while it is generated next dev has nothing new to
        // recompile (the written files would make it recompile every route it ran, on the cores
        // `prisma generate` needs), and once the files are written they find it.
        if (context.orm !== 'none') await generateOrmClient(context, schema);
      }
      stage = 'write';
      // Without a push in between, the plan was just made: written as it is (no second read).
      writePlanned(context, planned, { quiet: trigger === 'retry', planJustMade: !modelsChanged });
      if (modelsChanged) {
        stage = 'database';
        await generateOrmClient(context);
      }
      this.applied = schema;
      this.appliedOrm = context.orm;
      this.problemsModule = planned.files.get(DEV_PROBLEMS_PATH)?.content;
      if (this.printed) context.log('appgen dev: fixed; the app runs the current config.');
      this.printed = '';
      return { ok: true, modelsChanged: serverRestarts, ...change };
    } catch (error) {
      const problem = this.describe(error, stage);
      // At the start there is no app yet: the error alone, as the other commands print it.
      if (trigger === 'start') this.options.print(`${problem.text}\n`);
      else if (!(trigger === 'retry' && problem.text === this.printed))
        this.options.print(`${problem.title}\n${problem.text}\n`);
      this.printed = problem.text;
      if (this.problemsModule) writeDevProblems(context.root, this.problemsModule, [problem]);
      return { ok: false, retry: stage === 'database' };
    }
  }

  private describe(error: unknown, stage: 'config' | 'database' | 'write'): DevProblem {
    // The terminal's own words, without colour codes (there are none today; the browser shows text).
    const text = this.options
      .describeError(error)
      .replace(/\u001b\[[0-9;]*m/g, '')
      .trimEnd();
    if (error instanceof DataLossRefused) {
      const what = error.acceptable
        ? 'To apply it and lose that data: stop appgen dev (Ctrl-C) and start it again with `appgen dev --accept-data-loss`. To keep the data: undo the change in config/models/.'
        : 'Change the model or the rows as described above.';
      return {
        title:
          'appgen dev: the model change was NOT applied (the database refused it). The app runs the previous models; no file was written.',
        text: `${text}\n${what} appgen dev checks the database again every few seconds and applies the change once it fits.`,
      };
    }
    if (stage === 'database') {
      return {
        title:
          'appgen dev: the database could not be updated. The app runs the previous models; appgen dev tries again every few seconds.',
        text,
      };
    }
    if (error instanceof ConfigError) {
      return {
        title:
          'appgen dev: the config has errors. The app runs its last good version until you fix them and save.',
        text,
      };
    }
    return { title: 'appgen dev: regenerating failed. The app runs its last good version.', text };
  }
}
