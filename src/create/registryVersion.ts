import { spawnSync } from 'child_process';

export type RegistryAnswer = 'published' | 'not-published' | 'unreachable';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Asks npm's registry whether `name@version` exists, quickly: no retries and a short timeout, so
 * an offline machine waits seconds, not minutes. npm's own configuration (registry, proxy) applies.
 */
export function registryVersion(name: string, version: string, timeoutMs = 8000): RegistryAnswer {
  const args = [
    'view',
    `${name}@${version}`,
    'version',
    '--json',
    '--fetch-retries=0',
    `--fetch-timeout=${timeoutMs}`,
    '--no-update-notifier',
  ];
  const result = spawnSync(npm, args, {
    encoding: 'utf8',
    timeout: timeoutMs + 2000,
    env: process.env,
  });
  if (result.status === 0) {
    // An unknown version of a known package answers 0 with nothing printed.
    return result.stdout.includes(version) ? 'published' : 'not-published';
  }
  return /E404|404 Not Found|is not in this registry/.test(`${result.stdout}${result.stderr}`)
    ? 'not-published'
    : 'unreachable';
}
