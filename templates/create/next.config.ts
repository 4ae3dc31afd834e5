import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // better-sqlite3 is a native module: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ["better-sqlite3"],
};

export default nextConfig;
