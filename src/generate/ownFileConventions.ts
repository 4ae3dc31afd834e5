import fs from 'fs';
import path from 'path';
import type { FileMap, PlannedFile } from '../render/fileMap';
import type { Warn } from './warnings';

/**
 * Next.js file conventions appgen scaffolds once (each a file Next.js takes only one of, and
 * refuses to build with two), the files of the same convention a project may have of its own,
 * and how to keep appgen's part in one of those.
 */
const CONVENTIONS = [
  {
    file: 'src/proxy.ts',
    others: [
      'src/proxy.js',
      'src/middleware.ts',
      'src/middleware.js',
      'proxy.ts',
      'proxy.js',
      'middleware.ts',
      'middleware.js',
    ],
    keep: 'To send the security headers, return withSecurityHeaders(response) from it (import { withSecurityHeaders } from "@/appgen/securityHeaders").',
  },
  {
    file: 'src/instrumentation.ts',
    others: ['src/instrumentation.js', 'instrumentation.ts', 'instrumentation.js'],
    keep: 'To stop a production server whose configuration cannot work and to run the events\' worker, call `await startServer()` in its register() (import { startServer } from "@/appgen/startup").',
  },
];

/** The files that may start a server's appgen runtime: the scaffolded instrumentation file or the project's own. */
export const INSTRUMENTATION_FILES = ['src/instrumentation.ts', ...CONVENTIONS[1].others];

/** What an instrumentation file must call for the outbox's worker to run. */
const STARTS_SERVER = 'startServer';

/**
 * Whether the project's instrumentation file starts appgen's server runtime (mentions
 * startServer); undefined when it has none yet (appgen scaffolds one that does).
 */
export function instrumentationStartsServer(root: string): boolean | undefined {
  for (const file of INSTRUMENTATION_FILES) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue;
    }
    return text.includes(STARTS_SERVER);
  }
  return undefined;
}

/**
 * A project scaffolded before the outbox has an instrumentation file that runs only the start-up
 * checks: its events would be recorded and never run. Says what to add.
 */
export function warnIfWorkerNotStarted(root: string, hasOutbox: boolean, warn: Warn): void {
  if (!hasOutbox || instrumentationStartsServer(root) !== false) return;
  warn(
    'appgen: warning: events run in a worker that startServer() starts, but the project\'s instrumentation file does not call it: events are recorded and never run. In its register(), call `await startServer()` instead of `await runStartupChecks()` (const { startServer } = await import("@/appgen/startup")).\n',
  );
}

/** The files that may be the project's proxy: the scaffolded one or the project's own. */
const PROXY_FILES = [CONVENTIONS[0].file, ...CONVENTIONS[0].others];

/** What a proxy file calls for the CORS headers of what no route answers (from @/appgen/cors). */
const ADDS_CORS = 'withCors';

/** The project's proxy file and its text, or undefined when it has none yet. */
function proxyFile(root: string): { file: string; text: string } | undefined {
  for (const file of PROXY_FILES) {
    try {
      return { file, text: fs.readFileSync(path.join(root, file), 'utf8') };
    } catch {
      continue;
    }
  }
  return undefined;
}

/**
 * Whether the project's proxy file mentions withCors (puts the CORS headers on its answers);
 * undefined when it has none yet (appgen scaffolds one that does when `cors` is set).
 */
export function proxyAddsCors(root: string): boolean | undefined {
  const proxy = proxyFile(root);
  return proxy === undefined ? undefined : proxy.text.includes(ADDS_CORS);
}

/**
 * The proxy and settings `cors` disagree, and appgen will not settle it: a scaffolded
 * src/proxy.ts the user never edited follows the setting by itself (`PlannedFile.replaces`).
 * Any other proxy: with `cors`, one without withCors leaves what no route answers (pages, the
 * OpenAPI document, the health checks, unknown paths) without the CORS headers; without `cors`,
 * one that still calls it imports src/appgen/cors.ts, which is no longer generated. Says what to do.
 */
export function warnAboutProxyCors(
  root: string,
  hasCors: boolean,
  planned: PlannedFile | undefined,
  warn: Warn,
): void {
  const proxy = proxyFile(root);
  if (proxy === undefined) return;
  if (proxy.file === CONVENTIONS[0].file && planned?.replaces?.includes(proxy.text)) return;
  const adds = proxy.text.includes(ADDS_CORS);
  if (hasCors && !adds)
    warn(
      `appgen: warning: settings "cors" is set, but ${proxy.file} does not call withCors: routes answer other origins with the CORS headers, while /api/openapi.json, /api/health, pages and unknown paths answer without them. In proxy(), wrap what it returns: \`return withCors(request, withSecurityHeaders(NextResponse.next()));\` (import { withCors } from "@/appgen/cors").\n`,
    );
  if (!hasCors && adds)
    warn(
      `appgen: warning: ${proxy.file} calls withCors, but settings "cors" is not set, so appgen no longer generates src/appgen/cors.ts and the build cannot find it. Remove withCors and its import from ${proxy.file}, or set "cors" again.\n`,
    );
}

/** What a proxy file calls to show the not-found page for a missing record (from @/appgen/missingRecords). */
const CHECKS_RECORDS = 'missingRecord';

/**
 * A proxy appgen did not just write (the project's own, or one scaffolded before the check) that
 * does not call missingRecord: a record page of a record that does not exist answers 404 with an
 * empty body. Says the two lines to add, when some page loads a record by its path parameters.
 */
export function warnAboutProxyRecords(
  root: string,
  hasRecordPages: boolean,
  planned: PlannedFile | undefined,
  warn: Warn,
): void {
  const proxy = proxyFile(root);
  if (!hasRecordPages || proxy === undefined || proxy.text.includes(CHECKS_RECORDS)) return;
  if (proxy.file === CONVENTIONS[0].file && planned?.replaces?.includes(proxy.text)) return;
  warn(
    `appgen: warning: ${proxy.file} does not call missingRecord: a record page of a record that does not exist answers 404 with an empty page (Next.js cannot put the not-found page in the HTML once a page renders). Add \`import { missingRecord } from "@/appgen/missingRecords";\` and, first in proxy() (made async), \`if (await missingRecord(request)) return withSecurityHeaders(NextResponse.rewrite(new URL("/_appgen/not-found", request.url)));\`.\n`,
  );
}

/** The project's own files that take the place of one appgen scaffolds (only their existence counts). */
export const OWN_CONVENTION_FILES = CONVENTIONS.flatMap((convention) => convention.others);

/**
 * Leaves out src/proxy.ts or src/instrumentation.ts when the project already has a file of that
 * convention of its own, and says how to keep what appgen's file does.
 */
export function leaveOutConventionsIfOwn(root: string, files: FileMap, warn: Warn): void {
  for (const { file, others, keep } of CONVENTIONS) {
    const own = others.find((other) => fs.existsSync(path.join(root, other)));
    if (!own || !files.has(file)) continue;
    files.delete(file);
    warn(`appgen: the project has its own ${own}, so appgen does not add ${file}. ${keep}\n`);
  }
}
