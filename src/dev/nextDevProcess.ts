import { ChildProcess, spawn } from 'child_process';
import { nextBinary } from '../project/nextBinary';
import type { DevAddress } from './devAddress';
import { stripCursorCodes } from './stripCursorCodes';

/**
 * The arguments of `node <next> dev`: the port and the one address to listen on, and
 * `--no-server-fast-refresh` (Next.js 16): with server fast refresh, an App Router module is
 * updated in place only for the routes built before a change, and a route compiled for the first
 * time after a model change ran the previous src/appgen/db.ts (bench/README.md, issue 41). Without
 * it, a changed route drops its server modules from the require cache, as before Next.js 16, and
 * the reload that appgen dev asks for after a model change (serverModuleReload.ts) reaches every
 * route.
 */
export function nextDevArguments(nextCli: string, address: DevAddress): string[] {
  return [
    nextCli,
    'dev',
    '--port',
    String(address.port),
    '--hostname',
    address.hostname,
    '--no-server-fast-refresh',
  ];
}

/**
 * The `next dev` child of `appgen dev`, in its own process group so that stopping it also stops
 * the workers Next.js starts. Restartable: a model change restarts the server where reloading its
 * modules in place cannot be correct (runDevServer.ts, restartReason). Hot reload alone was
 * measured (bench/README.md, issue 20 fourth pass): a route compiled for the first time after a
 * model change ran the previous instance of src/appgen/db.ts, with the previous models' client
 * (Prisma: 500s) or tables (Drizzle: the new field silently left out of inserts); issue 41 added
 * the reload of every server module that makes the restart unnecessary.
 */
export class NextDevProcess {
  private child?: ChildProcess;
  private expectedExit = false;

  constructor(
    private readonly root: string,
    private readonly address: DevAddress,
    private readonly onUnexpectedExit: (code: number) => void,
  ) {}

  start(): void {
    this.expectedExit = false;
    // A terminal gets next dev's output as is; a log or pipe gets it without the stray ESC[?25h
    // that next dev writes each time it stops (see stripCursorCodes.ts).
    const terminal = Boolean(process.stdout.isTTY);
    const child = spawn(process.execPath, nextDevArguments(nextBinary(this.root), this.address), {
      cwd: this.root,
      // The app's own port, as `next start` apps read it: the links of development mail start
      // with http://localhost:<port> when APPGEN_PUBLIC_URL is unset (src/appgen/mail.ts).
      env: { ...process.env, PORT: String(this.address.port) },
      stdio: terminal ? 'inherit' : ['inherit', 'pipe', 'inherit'],
      detached: true,
    });
    child.stdout?.pipe(stripCursorCodes()).pipe(process.stdout, { end: false });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      if (!this.expectedExit) this.onUnexpectedExit(code ?? (signal ? 1 : 0));
    });
    this.child = child;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined || child.exitCode !== null) return;
    this.expectedExit = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await exited;
  }

  async restart(): Promise<void> {
    await this.stop();
    this.start();
  }
}
