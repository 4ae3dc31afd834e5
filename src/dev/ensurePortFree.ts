import net from 'net';
import { UserError } from '../diagnostics/diagnostic';

/**
 * Whether something already listens on `port` of `hostname`, the address `next dev` will take
 * (a server on every interface holds the port of 127.0.0.1 too).
 */
export function portInUse(port: number, hostname: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(true) : reject(error),
    );
    probe.once('listening', () => probe.close(() => resolve(false)));
    probe.listen(port, hostname);
  });
}

/**
 * Stops `appgen dev` with a message, before it generates or starts anything, when its port is
 * taken (a second `npm run demo` or `npm run dev`): `next dev` would die with an EADDRINUSE stack.
 * Suggests the next free port.
 */
export async function ensurePortFree(port: number, hostname: string): Promise<void> {
  if (!(await portInUse(port, hostname))) return;
  let free = port + 1;
  while (free < port + 20 && (await portInUse(free, hostname))) free += 1;
  throw new UserError(
    `port ${port} is already in use on ${hostname} (is another appgen dev, npm run demo or app running?)`,
    `stop that process, or choose another port: appgen dev --port ${free} (in a project: npm run dev -- --port ${free}; in appgen's checkout: npm run demo -- --port ${free}).`,
  );
}
