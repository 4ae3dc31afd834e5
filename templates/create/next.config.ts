import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // better-sqlite3 is a native module: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ["better-sqlite3"],
  // No `X-Powered-By: Next.js` on answers: it tells an attacker which framework to try first.
  poweredByHeader: false,
};

export default nextConfig;
