#!/usr/bin/env node
// `npm run demo`: create the starter app from this checkout in ./demo-app and run `appgen dev`.
//   --fresh      delete ./demo-app first
//   --port N     serve on another port (default 3000)
//   --hostname H listen on another address (default 127.0.0.1; 0.0.0.0: every interface)
// Every step says what it does and, while it takes long, that it is still running (issue 40).
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const { root, needsInstall } = require('./ensure-install');
const { BUILD_STEPS, buildIsCurrent, stampBuild } = require('./build');
const { rootDemoAtItsFolder } = require('./demoNextConfig');
const { runStep } = require('./stepProgress');

const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const port = portIndex >= 0 ? args[portIndex + 1] : '3000';
const hostnameIndex = args.indexOf('--hostname');
const hostname = hostnameIndex >= 0 ? ['--hostname', args[hostnameIndex + 1]] : [];
const app = path.join(root, 'demo-app');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// On a terminal npm draws its own spinner; in a log or a pipe it is silent while it works.
const npmHeartbeat = process.stdout.isTTY ? undefined : 'npm install';

async function main() {
  if (needsInstall()) {
    // npm's `prepare` builds dist/ too.
    await runStep(
      {
        doing: "Installing appgen's own dependencies and building it (first run only)...",
        done: "Installed appgen's dependencies and built appgen",
        heartbeat: npmHeartbeat,
      },
      npm,
      ['install', '--no-audit', '--no-fund'],
      { cwd: root },
    );
  }
  if (buildIsCurrent()) {
    process.stdout.write('- appgen is built (dist/ is newer than its sources)\n');
  } else {
    for (const [label, command, stepArgs] of BUILD_STEPS)
      await runStep(
        {
          doing: `Building appgen (npm run build: ${label})...`,
          done: `${label}`,
          heartbeat: label,
        },
        command,
        stepArgs,
        { cwd: root },
      );
    stampBuild();
  }
  if (args.includes('--fresh')) fs.rmSync(app, { recursive: true, force: true });
  if (!fs.existsSync(app)) {
    // create-appgen prints its own steps.
    await runStep({}, process.execPath, [
      path.join(root, 'dist', 'cli', 'create-appgen.js'),
      app,
      // This checkout, packed into the project (as before a release): a `file:` folder would run
      // appgen's `prepare` (its build, just done) again inside the demo's npm install.
      '--appgen',
      'packed',
      '--no-next-steps',
    ]);
  }
  rootDemoAtItsFolder(path.join(app, 'next.config.ts'));
  const shownHost = hostname.length > 0 && hostname[1] !== '0.0.0.0' ? hostname[1] : 'localhost';
  process.stdout.write(
    `\nStarting appgen dev in demo-app: open http://${shownHost}:${port}/users once Next.js says "Ready". Ctrl-C stops it.\n`,
  );
  const dev = spawn(
    process.execPath,
    [path.join(root, 'dist', 'cli', 'appgen.js'), 'dev', '--port', port, ...hostname],
    { cwd: app, stdio: 'inherit' },
  );
  // Ctrl-C reaches appgen dev too (same process group); wait for it to stop its server.
  process.on('SIGINT', () => {});
  dev.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((error) => {
  process.stderr.write(`npm run demo: ${error.message}\n`);
  process.exit(1);
});
