import net from 'net';
import { UserError } from '../diagnostics/diagnostic';

/** Whether something already listens on `port` (any interface, as `next dev` binds). */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(true) : reject(error),
    );
    probe.once('listening', () => probe.close(() => resolve(false)));
    probe.listen(port);
  });
}

/**
 * Stops `appgen dev` with a message, before it generates or starts anything, when its port is
 * taken (a second `npm run demo` or `npm run dev`): `next dev` would die with an EADDRINUSE stack.
 * Suggests the next free port.
 */
export async function ensurePortFree(port: number): Promise<void> {
  if (!(await portInUse(port))) return;
  let free = port + 1;
  while (free < port + 20 && (await portInUse(free))) free += 1;
  throw new UserError(
    `port ${port} is already in use (is another appgen dev, npm run demo or app running?)`,
    `stop that process, or choose another port: appgen dev --port ${free} (in a project: npm run dev -- --port ${free}; in appgen's checkout: npm run demo -- --port ${free}).`,
  );
}
