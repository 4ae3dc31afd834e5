import http from 'http';
import { pipeline } from 'stream';
import type { AddressInfo } from 'net';

export interface RoundRobinProxy {
  url: string;
  /** How many requests each upstream was sent, in the order of `upstreams`. */
  sent: number[];
  close(): Promise<void>;
}

/**
 * A small HTTP balancer on loopback, as a deployment puts in front of several instances: each
 * request goes to the next upstream in turn, with the client's address appended to
 * X-Forwarded-For. An upstream that cannot be reached (e.g. killed) answers 502, as a balancer
 * without health checks does; an upstream that dies after its headers were sent cuts the client's
 * connection (the client sees a network error, never a body that waits forever).
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const sent = upstreams.map(() => 0);
  const server = http.createServer((incoming, outgoing) => {
    const index = next++ % upstreams.length;
    sent[index]++;
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = http.request(
      target,
      {
        method: incoming.method,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        pipeline(answer, outgoing, (error) => {
          if (error) outgoing.destroy();
        });
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: 'Bad gateway' }));
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
