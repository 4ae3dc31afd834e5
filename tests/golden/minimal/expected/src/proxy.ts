// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import { NextResponse } from "next/server";
import { withSecurityHeaders } from "@/appgen/securityHeaders";

/**
 * Next.js runs this before every request (Next.js 16's proxy, formerly middleware). The default
 * adds appgen's security headers (src/appgen/securityHeaders.ts, kept up to date by appgen) to
 * every answer: pages, API routes and files. Add your own checks here if you need them, and
 * keep withSecurityHeaders on what you return.
 */
export function proxy(): NextResponse {
  return withSecurityHeaders(NextResponse.next());
}
