import http from "node:http";
import { SOCKET_ADDRESS_HEADER, SOCKET_ADDRESS_RECORDED } from "./requestOrigin";

/**
 * Gives route handlers and pages the address of the connection a request came on. Next.js does
 * not pass the socket to them: the address they can read is X-Forwarded-For, which a client that
 * reaches the app directly can write itself. So, in the server's own process, every request's
 * headers get `x-appgen-socket-address` set from its socket before Next.js sees the request (one
 * a client sent is overwritten), and src/appgen/requestOrigin.ts's `clientAddress` reads it when no
 * proxy is trusted (`trustProxy` 0). `startServer` (src/appgen/startup.ts) calls this once, from
 * src/instrumentation.ts, before the server serves a request; it works for `next start`, the
 * standalone `server.js` and `next dev`, which all serve through Node's `http.Server`.
 */
export function recordSocketAddresses(): void {
  const global = globalThis as Record<symbol, unknown>;
  if (global[SOCKET_ADDRESS_RECORDED]) return;
  global[SOCKET_ADDRESS_RECORDED] = true;
  const server = http.Server.prototype as unknown as {
    emit(event: string | symbol, ...args: unknown[]): boolean;
  };
  const emit = server.emit;
  server.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      request.headers[SOCKET_ADDRESS_HEADER] = request.socket?.remoteAddress ?? "unknown";
    }
    return emit.call(this, event, ...args);
  };
}
