/** Where `next dev` listens (`appgen dev --port`, `--hostname`). */
export interface DevAddress {
  port: number;
  hostname: string;
}

/**
 * `appgen dev` listens on this machine only, as Vite does, unless `--hostname` says otherwise
 * (`0.0.0.0`: every interface, as `next dev` alone does). An address rather than "localhost",
 * which some systems resolve to ::1 first: then http://127.0.0.1 would not answer, while
 * browsers and curl reach http://localhost on 127.0.0.1 whatever "localhost" resolves to first.
 */
export const DEV_HOSTNAME = '127.0.0.1';

/** The address to open in a browser (the loopback and "every interface" as localhost). */
export function devUrl(address: DevAddress): string {
  const { hostname, port } = address;
  if (['127.0.0.1', 'localhost', '0.0.0.0', '::', '::1'].includes(hostname))
    return `http://localhost:${port}`;
  return `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
}
