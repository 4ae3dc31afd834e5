import { spawnSync } from 'child_process';
import fs from 'fs';
import path from 'path';

export type GitOutcome = { done: true } | { done: false; reason: string };

const git = (args: string[], cwd: string) => spawnSync('git', args, { cwd, encoding: 'utf8' });

/**
 * Makes the new project a git repository with one first commit, as create-next-app does. Skips
 * (and says why) when git is missing or the folder is already inside a work tree (a monorepo, or
 * appgen's own checkout for the demo). A missing author is set for that one commit only, never in
 * the user's configuration. A failed commit leaves no half-made repository behind.
 */
export function initGitRepository(directory: string): GitOutcome {
  if (git(['--version'], directory).status !== 0)
    return { done: false, reason: 'git is not installed' };
  // Asked in the folder itself: covers a parent work tree and a .git the user made beforehand.
  if (git(['rev-parse', '--is-inside-work-tree'], directory).stdout.trim() === 'true') {
    return { done: false, reason: 'the folder is already inside a git repository' };
  }
  const author: string[] = [];
  if (!git(['config', 'user.name'], directory).stdout.trim())
    author.push('-c', 'user.name=create-appgen');
  if (!git(['config', 'user.email'], directory).stdout.trim())
    author.push('-c', 'user.email=create-appgen@users.noreply.localhost');
  const steps: Array<[string, string[]]> = [
    ['init', ['init', '--quiet']],
    ['add', ['add', '--all']],
    [
      'commit',
      [
        ...author,
        'commit',
        '--quiet',
        '--no-verify',
        '--no-gpg-sign',
        '-m',
        'Initial commit from create-appgen',
      ],
    ],
  ];
  for (const [name, args] of steps) {
    const result = git(args, directory);
    if (result.status !== 0) {
      fs.rmSync(path.join(directory, '.git'), { recursive: true, force: true });
      return {
        done: false,
        reason: `git ${name} failed: ${(result.stderr || result.stdout).trim().split('\n')[0]}`,
      };
    }
  }
  return { done: true };
}
