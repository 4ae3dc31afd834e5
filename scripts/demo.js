#!/usr/bin/env node
// `npm run demo`: create the starter app from this checkout in ./demo-app and run `appgen dev`.
//   --fresh      delete ./demo-app first
//   --port N     serve on another port (default 3000)
//   --hostname H listen on another address (default 127.0.0.1; 0.0.0.0: every interface)
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { root, ensureInstall, build } = require('./ensure-install');
const { rootDemoAtItsFolder } = require('./demoNextConfig');

const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const port = portIndex >= 0 ? args[portIndex + 1] : '3000';
const hostnameIndex = args.indexOf('--hostname');
const hostname = hostnameIndex >= 0 ? ['--hostname', args[hostnameIndex + 1]] : [];
const app = path.join(root, 'demo-app');

ensureInstall();
build();
if (args.includes('--fresh')) fs.rmSync(app, { recursive: true, force: true });
if (!fs.existsSync(app)) {
  execFileSync(
    process.execPath,
    [path.join(root, 'dist', 'cli', 'create-appgen.js'), app, '--appgen', `file:${root}`],
    { stdio: 'inherit' },
  );
}
rootDemoAtItsFolder(path.join(app, 'next.config.ts'));
const dev = spawn(
  process.execPath,
  [path.join(root, 'dist', 'cli', 'appgen.js'), 'dev', '--port', port, ...hostname],
  { cwd: app, stdio: 'inherit' },
);
// Ctrl-C reaches appgen dev too (same process group); wait for it to stop its server.
process.on('SIGINT', () => {});
dev.on('exit', (code) => process.exit(code ?? 0));
