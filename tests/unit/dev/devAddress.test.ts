import net from 'net';
import { DEV_HOSTNAME, devUrl } from '../../../src/dev/devAddress';
import { portInUse } from '../../../src/dev/ensurePortFree';
import { nextDevArguments } from '../../../src/dev/nextDevProcess';

// Where `appgen dev` makes `next dev` listen: this machine only unless --hostname says otherwise
// (next dev alone listens on every interface), and the port check looks at that same address.
describe('the address of appgen dev', () => {
  it('passes the port and 127.0.0.1 to next dev by default', () => {
    expect(DEV_HOSTNAME).toBe('127.0.0.1');
    expect(nextDevArguments('next.js', { port: 3000, hostname: DEV_HOSTNAME })).toEqual([
      'next.js',
      'dev',
      '--port',
      '3000',
      '--hostname',
      '127.0.0.1',
      '--no-server-fast-refresh',
    ]);
  });

  it('passes the hostname it was given (0.0.0.0: every interface)', () => {
    expect(nextDevArguments('next.js', { port: 4000, hostname: '0.0.0.0' })).toEqual([
      'next.js',
      'dev',
      '--port',
      '4000',
      '--hostname',
      '0.0.0.0',
      '--no-server-fast-refresh',
    ]);
  });

  it('shows the address to open', () => {
    expect(devUrl({ port: 3000, hostname: '127.0.0.1' })).toBe('http://localhost:3000');
    expect(devUrl({ port: 3000, hostname: '0.0.0.0' })).toBe('http://localhost:3000');
    expect(devUrl({ port: 3001, hostname: 'box.lan' })).toBe('http://box.lan:3001');
    expect(devUrl({ port: 3001, hostname: 'fe80::1' })).toBe('http://[fe80::1]:3001');
  });

  it('finds the port taken on 127.0.0.1 by a server on 127.0.0.1 or on every interface', async () => {
    for (const host of ['127.0.0.1', undefined]) {
      const busy = net.createServer();
      await new Promise<void>((resolve) => busy.listen(0, host, resolve));
      const { port } = busy.address() as net.AddressInfo;
      try {
        await expect(portInUse(port, DEV_HOSTNAME)).resolves.toBe(true);
      } finally {
        await new Promise((resolve) => busy.close(resolve));
      }
    }
  });
});
