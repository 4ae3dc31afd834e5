import crypto from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { REPO_ROOT } from './paths';
import { run, runOk } from './run';
import { freePort } from './server';

export type DockerOutcome = { skipped: string } | { skipped: null; live: number; health: number };

/** Why there is no Docker daemon to build with, or null when `docker info` answers. */
async function dockerUnavailable(): Promise<string | null> {
  const info = await run('docker', ['info'], { timeoutMs: 30_000 }).catch((error: Error) => ({
    code: -1,
    stdout: '',
    stderr: error.message,
  }));
  if (info.code === 0) return null;
  const why = info.stderr.trim().split('\n').pop() ?? '';
  return `docker info failed (${why || `exit ${info.code}`}): no Docker daemon on this machine`;
}

/**
 * Builds the project's scaffolded Dockerfile and runs the image: a copy of the project outside
 * the shared install, depending on this appgen packed into its .appgen folder (the image cannot
 * reach this checkout). Answers the statuses of /api/health/live and /api/health, or why it was
 * skipped.
 */
export async function dockerImageCheck(projectDir: string): Promise<DockerOutcome> {
  const unavailable = await dockerUnavailable();
  if (unavailable) return { skipped: unavailable };
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-docker-'));
  const tag = `appgen-deploy-test-${crypto.randomBytes(4).toString('hex')}`;
  let container = '';
  try {
    fs.cpSync(projectDir, copy, {
      recursive: true,
      filter: (file) => !/[/\\](node_modules|\.next|src[/\\]generated)$/.test(file),
    });
    const vendor = path.join(copy, '.appgen');
    const packed = await runOk('npm', ['pack', '--ignore-scripts', '--pack-destination', vendor], {
      cwd: REPO_ROOT,
    });
    const tarball = packed.stdout.trim().split('\n').pop() as string;
    const manifest = JSON.parse(fs.readFileSync(path.join(copy, 'package.json'), 'utf8'));
    manifest.devDependencies.appgen = `file:.appgen/${tarball}`;
    fs.writeFileSync(path.join(copy, 'package.json'), JSON.stringify(manifest, null, 2));
    await runOk('docker', ['build', '-t', tag, copy], { timeoutMs: 1_200_000 });
    const port = await freePort();
    const secret = crypto.randomBytes(32).toString('base64');
    const started = await runOk('docker', [
      'run',
      '-d',
      '-p',
      `127.0.0.1:${port}:3000`,
      '-e',
      `APPGEN_SESSION_SECRET=${secret}`,
      tag,
    ]);
    container = started.stdout.trim();
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    let live = 0;
    while (live !== 200 && Date.now() < deadline) {
      live = await fetch(`${base}/api/health/live`).then(
        (r) => r.status,
        () => 0,
      );
      if (live !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    const health = await fetch(`${base}/api/health`).then((r) => r.status);
    return { skipped: null, live, health };
  } finally {
    if (container) await run('docker', ['rm', '-f', container]);
    await run('docker', ['rmi', '-f', tag]);
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
