import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // `next build` also writes .next/standalone: a server (server.js) with only the files and
  // packages it needs, run with `node .next/standalone/server.js` anywhere Node.js runs (the
  // Dockerfile's runtime stage does). `next start` works as before.
  output: "standalone",
  // better-sqlite3 is a native module: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ["better-sqlite3"],
  // No `X-Powered-By: Next.js` on answers: it tells an attacker which framework to try first.
  poweredByHeader: false,
};

export default nextConfig;
