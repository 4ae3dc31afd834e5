import { evaluateModule } from './typescriptSource';

/** An error answer as the runtime tests read it: the status and the message alone. */
export type Answer = { status: number; body: string };

/**
 * The generated src/appgen/body.ts, rangeHeader.ts and query.ts of rendered files, run as they
 * are (their jsonError answers `{ status, body: message }`); `others` are further modules of
 * src/appgen that import them (`cursor.ts`).
 */
export function queryRuntime(
  files: Map<string, { content: string }>,
  others: readonly string[] = [],
): Record<string, Record<string, unknown>> {
  const content = (name: string) => files.get(`src/appgen/${name}`)?.content ?? '';
  const jsonError = (status: number, message: string): Answer => ({ status, body: message });
  const body = evaluateModule('body.ts', content('body.ts'), { './http': { jsonError } });
  const rangeHeader = evaluateModule('rangeHeader.ts', content('rangeHeader.ts'), {});
  const modules: Record<string, Record<string, unknown>> = { body, rangeHeader };
  for (const name of ['query.ts', ...others])
    modules[name.replace(/\.ts$/, '')] = evaluateModule(name, content(name), {
      './body': body,
      './http': { jsonError },
      './rangeHeader': rangeHeader,
    });
  return modules;
}
