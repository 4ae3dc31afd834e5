import { ChildProcess, spawn } from 'child_process';
import net from 'net';
import path from 'path';
import { createRequire } from 'module';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  output(): string;
  stop(): Promise<void>;
  child: ChildProcess;
}

/** Starts a long-running command in its own process group and waits until `readyPath` answers. */
export async function startServer(
  command: string,
  args: string[],
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    port: number;
    readyPath?: string;
    timeoutMs?: number;
  },
): Promise<RunningServer> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(
      () => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'),
      10_000,
    );
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before it was ready:\n${output}`);
    try {
      const response = await fetch(`${url}${options.readyPath ?? '/'}`);
      await response.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`server did not answer within the time limit:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return { url, output: () => output, stop, child };
}

/** `next start` of a built project, the way its `npm start` runs it. */
export async function startBuiltApp(dir: string, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const port = await freePort();
  const next = createRequire(path.join(dir, 'package.json')).resolve('next/dist/bin/next');
  return startServer(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env,
    port,
    readyPath: '/api/health-check-not-routed',
  });
}

/**
 * `next start` of a built project that is expected to stop by itself (a start-up check failed):
 * its exit code (null when it was still running after `timeoutMs` and was stopped) and output.
 * `whileRunning` gets the server's URL and runs while it lives (e.g. requests that must fail).
 */
export async function runBuiltAppUntilExit(
  dir: string,
  env: NodeJS.ProcessEnv,
  options: { timeoutMs?: number; whileRunning?: (url: string) => Promise<void> } = {},
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const next = createRequire(path.join(dir, 'package.json')).resolve('next/dist/bin/next');
  const child = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs ?? 60_000);
  });
  await options.whileRunning?.(`http://127.0.0.1:${port}`);
  const first = await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  if (first !== 'timeout') return { code: first, output };
  if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  await exited;
  return { code: null, output };
}
