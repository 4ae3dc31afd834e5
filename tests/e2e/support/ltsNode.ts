import fs from 'fs';
import os from 'os';
import path from 'path';
import { LTS_NODE_MAJOR } from '../../../src/project/nodeRuntime';
import { runOk } from './run';

/**
 * The Node.js binary of the LTS line generated apps default to (src/project/nodeRuntime.ts),
 * from the npm registry (the official binaries, published as `node-<platform>-<arch>`), for the
 * machines whose own Node.js is older (issue 55 §1). Installed once per machine into the temp
 * folder; undefined on a platform without such a package (the caller says it skipped).
 */
export async function ltsNode(): Promise<string | undefined> {
  if (process.versions.node.split('.')[0] === String(LTS_NODE_MAJOR)) return process.execPath;
  const platforms: Record<string, string> = { linux: 'linux', darwin: 'darwin' };
  const platform = platforms[process.platform];
  if (!platform || !['x64', 'arm64'].includes(process.arch)) return undefined;
  const name = `node-${platform}-${process.arch}`;
  const dir = path.join(os.tmpdir(), `appgen-e2e-node-${LTS_NODE_MAJOR}`);
  const binary = path.join(dir, 'node_modules', name, 'bin', 'node');
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
    await runOk(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', `${name}@${LTS_NODE_MAJOR}`],
      { cwd: dir, timeoutMs: 300_000 },
    );
  }
  return binary;
}
