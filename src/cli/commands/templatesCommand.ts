import path from 'path';
import type { Argv } from 'yargs';
import { BUILTIN_TEMPLATES_DIR } from '../../paths/packageRoot';
import { defaultLog, type Log } from '../../project/commandContext';
import type * as AcceptTemplates from '../../templates/acceptTemplates';
import type * as EjectTemplates from '../../templates/ejectTemplates';
import type * as FormatTemplateList from '../../templates/formatTemplateList';
import type * as TemplateCatalog from '../../templates/templateCatalog';

/**
 * The template modules, loaded when a templates command runs: they load the template registry
 * and Handlebars, which every other command (a cached `appgen generate` above all) does without.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = <T>(id: string): T => require(id) as T;
const acceptTemplates: typeof AcceptTemplates.acceptTemplates = (...args) =>
  load<typeof AcceptTemplates>('../../templates/acceptTemplates').acceptTemplates(...args);
const ejectTemplates: typeof EjectTemplates.ejectTemplates = (...args) =>
  load<typeof EjectTemplates>('../../templates/ejectTemplates').ejectTemplates(...args);
const formatTemplateList: typeof FormatTemplateList.formatTemplateList = (...args) =>
  load<typeof FormatTemplateList>('../../templates/formatTemplateList').formatTemplateList(...args);
const templateCatalog: typeof TemplateCatalog.templateCatalog = (...args) =>
  load<typeof TemplateCatalog>('../../templates/templateCatalog').templateCatalog(...args);

/** Exit code of `appgen templates eject` when a file was already there (the rest was ejected). */
export const EJECT_SKIPPED_EXIT_CODE = 3;

type Run = (work: () => Promise<number | void> | number | void) => Promise<void>;

interface TemplatesOptions {
  cwd: string;
  log?: Log;
}

/** `appgen templates list`: every template and partial, and what the project overrides. */
export function runTemplatesList(options: TemplatesOptions & { json?: boolean }): number {
  const root = path.resolve(options.cwd);
  const catalog = templateCatalog(root, BUILTIN_TEMPLATES_DIR);
  const log = options.log ?? defaultLog;
  log(
    options.json
      ? JSON.stringify(catalog, null, 2)
      : formatTemplateList(catalog, root).replace(/\n$/, ''),
  );
  return 0;
}

/** `appgen templates eject`: exit 0, or EJECT_SKIPPED_EXIT_CODE when a file was already there. */
export function runTemplatesEject(
  options: TemplatesOptions & { names: string[]; all: boolean },
): number {
  const log = options.log ?? defaultLog;
  const { copied, skipped } = ejectTemplates({
    root: path.resolve(options.cwd),
    builtinDir: BUILTIN_TEMPLATES_DIR,
    names: options.names,
    all: options.all,
  });
  for (const name of copied) log(`  eject templates/${name}`);
  for (const name of skipped)
    log(
      `  skip  templates/${name}: already there, left as it is (delete it first to eject it again)`,
    );
  log(
    `appgen: ${copied.length} template${copied.length === 1 ? '' : 's'} ejected to templates/${skipped.length ? `, ${skipped.length} skipped because the file already exists` : ''}`,
  );
  return skipped.length ? EJECT_SKIPPED_EXIT_CODE : 0;
}

/** `appgen templates accept`: the current built-ins become the base of the project's copies. */
export function runTemplatesAccept(
  options: TemplatesOptions & { names: string[]; all: boolean },
): number {
  const log = options.log ?? defaultLog;
  const accepted = acceptTemplates({
    root: path.resolve(options.cwd),
    builtinDir: BUILTIN_TEMPLATES_DIR,
    names: options.names,
    all: options.all,
  });
  for (const name of accepted) log(`  accept templates/${name}`);
  log(
    accepted.length
      ? `appgen: recorded ${accepted.length} template${accepted.length === 1 ? '' : 's'} as based on the current built-in`
      : 'appgen: this project overrides no built-in template; nothing to accept',
  );
  return 0;
}

const names = {
  type: 'string',
  array: true,
  default: [] as string[],
  describe: 'Template paths (src/app/layout.tsx.hbs), partial names (view/element) or folders',
} as const;

/** The `appgen templates` subcommands, registered on the yargs command of that name. */
export function templatesCommands<T extends { cwd: string }>(y: Argv<T>, run: Run): Argv<T> {
  return y
    .command(
      'list',
      'List every built-in template and partial: what it produces, its context, and whether this project overrides it',
      (z) =>
        z.option('json', { type: 'boolean', default: false, describe: 'Print the list as JSON' }),
      (args) => run(() => runTemplatesList({ cwd: args.cwd, json: args.json })),
    )
    .command(
      'eject [names..]',
      `Copy built-in templates into templates/ to customise them; never overwrites (exit ${EJECT_SKIPPED_EXIT_CODE} when a file was already there)`,
      (z) =>
        z.positional('names', names).option('all', {
          type: 'boolean',
          default: false,
          describe: 'Eject every template and partial',
        }),
      (args) => run(() => runTemplatesEject({ cwd: args.cwd, names: args.names, all: args.all })),
    )
    .command(
      'accept [names..]',
      'Record that your copies are up to date with the current built-ins (ends the warning of generate)',
      (z) =>
        z.positional('names', names).option('all', {
          type: 'boolean',
          default: false,
          describe: 'Every template this project overrides',
        }),
      (args) => run(() => runTemplatesAccept({ cwd: args.cwd, names: args.names, all: args.all })),
    )
    .demandCommand(
      1,
      'Name a templates command: appgen templates list, appgen templates eject <name>, appgen templates accept <name>',
    );
}
