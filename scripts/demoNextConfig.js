// The demo app lives inside appgen's checkout, whose package-lock.json would make Next.js warn at
// every start that it found two lockfiles and guessed the workspace root. Only the demo says its
// own folder is the root: a project created elsewhere keeps Next.js' detection (a monorepo needs it).
const fs = require('fs');

const LINE =
  '  turbopack: { root: import.meta.dirname }, // the demo is its own root (see scripts/demoNextConfig.js)\n';

/** Adds `turbopack.root` to the demo's next.config.ts once; returns whether it changed the file. */
function rootDemoAtItsFolder(file) {
  const text = fs.readFileSync(file, 'utf8');
  if (text.includes('turbopack')) return false;
  const patched = text.replace(/(const nextConfig: NextConfig = \{\n)/, `$1${LINE}`);
  if (patched === text) return false; // the user rewrote it: leave it alone
  fs.writeFileSync(file, patched);
  return true;
}

module.exports = { rootDemoAtItsFolder };
