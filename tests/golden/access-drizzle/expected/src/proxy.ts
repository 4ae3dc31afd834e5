// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import { NextResponse, type NextRequest } from "next/server";
import { jsonError } from "@/appgen/http";
import { missingRecord } from "@/appgen/missingRecords";
import { withSecurityHeaders } from "@/appgen/securityHeaders";

/**
 * Next.js runs this before requests (Next.js 16's proxy, formerly middleware). The default adds
 * appgen's security headers (src/appgen/securityHeaders.ts, kept up to date by appgen) to pages,
 * files and reads; route handlers add them to their own answers. Add your own checks here if you
 * need them, and keep withSecurityHeaders on what you return.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  // A path that is not UTF-8 once decoded (`/api/users/%E0%A4%A`) names nothing, but Next.js
  // answers it with a 500 of its own on a dynamic route (vercel/next.js#92527): 404 instead.
  if (!decodable(request.nextUrl.pathname)) return withSecurityHeaders(jsonError(404, "Not found"));
  // A record page whose record does not exist: the not-found page, complete in the HTML, with 404
  // (src/appgen/missingRecords.ts; an address no page has).
  if (await missingRecord(request))
    return withSecurityHeaders(NextResponse.rewrite(new URL("/_appgen/not-found", request.url)));
  return withSecurityHeaders(NextResponse.next());
}

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Only requests without a body: Next.js buffers the whole body of a request its proxy runs on,
 * so a large upload would fill memory before the route's 1 MiB limit could refuse it. A request
 * says it has one with a Transfer-Encoding or a Content-Length other than 0 (a `missing` value
 * is a regular expression of the whole header value): `Content-Length: 0` is no body, and gets
 * the proxy like a request without the header.
 */
export const config = {
  matcher: [
    {
      source: "/:path*",
      missing: [
        { type: "header", key: "content-length", value: "0*[1-9][0-9]*" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
  ],
};
