import { execFileSync, spawnSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import { APPGEN_CLI, CREATE_APPGEN_CLI, REPO_ROOT } from './paths';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Makes sure the built CLI exists. `npm test` builds before running jest; a bare
 * `npx jest --selectProjects unit` on a fresh clone builds here once.
 */
export function ensureBuiltCli(): void {
  if (fs.existsSync(APPGEN_CLI)) return;
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
}

function runCli(
  cli: string,
  args: string[],
  cwd: string,
  extraEnv: NodeJS.ProcessEnv = {},
): CliResult {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...extraEnv };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs `node dist/cli/appgen.js ...args` without a DATABASE_URL from the caller's environment. */
export function runAppgen(args: string[], options: { cwd?: string } = {}): CliResult {
  return runCli(APPGEN_CLI, args, options.cwd ?? REPO_ROOT);
}

/**
 * npm's registry for create-appgen in tests: a closed port on loopback, so asking whether appgen
 * is published fails at once ("unreachable") and tests never reach the real registry.
 */
export const CLOSED_REGISTRY = 'http://127.0.0.1:9/';

/** Runs `node dist/cli/create-appgen.js ...args` in `cwd` (npm's registry: CLOSED_REGISTRY unless `env` says). */
export function runCreateAppgen(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): CliResult {
  return runCli(CREATE_APPGEN_CLI, args, cwd, { npm_config_registry: CLOSED_REGISTRY, ...env });
}

/** Lines that look like a JavaScript stack trace. */
export const STACK_TRACE = /^\s+at .+(\(|:\d+:\d+)/m;
