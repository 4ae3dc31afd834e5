import { ChildProcess, spawn } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { chooseAppgenDependency, runningAppgenVersion } from '../../../src/create/appgenDependency';
import { registryVersion } from '../../../src/create/registryVersion';
import { REPO_ROOT } from '../support/paths';
import { CLOSED_REGISTRY } from '../support/runCli';

// A stand-in npm registry on loopback, in its own process (registryVersion waits synchronously):
// it knows the versions it is started with and answers 404 for anything else.
const REGISTRY = `
const http = require('http');
const versions = JSON.parse(process.argv[1]);
http.createServer((req, res) => {
  if (req.url !== '/appgen' || versions.length === 0) { res.writeHead(404, { 'content-type': 'application/json' }); return res.end('{"error":"Not found"}'); }
  const doc = { name: 'appgen', 'dist-tags': { alpha: versions[0] }, versions: Object.fromEntries(versions.map((v) => [v, { name: 'appgen', version: v, dist: { tarball: 'http://127.0.0.1/x.tgz', shasum: 'x' } }])) };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(doc));
}).listen(0, '127.0.0.1', function () { process.stdout.write(this.address().port + '\\n'); });
`;

async function startRegistry(versions: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', REGISTRY, JSON.stringify(versions)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (chunk) => resolve(String(chunk).trim())),
  );
  return { url: `http://127.0.0.1:${port}/`, child };
}

const version = runningAppgenVersion(REPO_ROOT);

describe('the appgen a new project depends on', () => {
  const saved = process.env.npm_config_registry;
  let registry: { url: string; child: ChildProcess } | undefined;

  afterEach(() => {
    registry?.child.kill();
    registry = undefined;
    if (saved === undefined) delete process.env.npm_config_registry;
    else process.env.npm_config_registry = saved;
  });

  it('asks the registry: published, not published (404), or unreachable', async () => {
    registry = await startRegistry(['9.9.9']);
    process.env.npm_config_registry = registry.url;
    expect(registryVersion('appgen', '9.9.9')).toBe('published');
    expect(registryVersion('appgen', version)).toBe('not-published');
    process.env.npm_config_registry = CLOSED_REGISTRY;
    expect(registryVersion('appgen', version)).toBe('unreachable');
  });

  it('is the running version when the registry has it', async () => {
    registry = await startRegistry([version]);
    process.env.npm_config_registry = registry.url;
    const dependency = chooseAppgenDependency({ packageRoot: REPO_ROOT });
    expect(dependency.spec).toBe(version);
    expect(dependency.note).toBe(`appgen ${version} from the npm registry`);
  });

  it('is the running appgen packed into the project while that version is not released', async () => {
    registry = await startRegistry([]);
    process.env.npm_config_registry = registry.url;
    const dependency = chooseAppgenDependency({ packageRoot: REPO_ROOT });
    expect(dependency.spec).toBe(`file:.appgen/appgen-${version}.tgz`);
    expect(dependency.note).toContain(`appgen ${version} is not on the npm registry yet`);
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-vendor-'));
    try {
      dependency.provide(project);
      expect(fs.readdirSync(path.join(project, '.appgen'))).toEqual([`appgen-${version}.tgz`]);
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  });

  it('is what --appgen says, without asking the registry', () => {
    const lookup = jest.fn();
    expect(chooseAppgenDependency({ requested: 'file:../appgen', lookup }).spec).toBe(
      'file:../appgen',
    );
    expect(lookup).not.toHaveBeenCalled();
  });

  it('says why when the registry cannot be reached', () => {
    const dependency = chooseAppgenDependency({
      packageRoot: REPO_ROOT,
      lookup: () => 'unreachable',
    });
    expect(dependency.spec).toBe(`file:.appgen/appgen-${version}.tgz`);
    expect(dependency.note).toMatch(
      /^the npm registry could not be reached: the project uses this appgen/,
    );
  });
});
