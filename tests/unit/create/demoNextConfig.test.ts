import fs from 'fs';
import os from 'os';
import path from 'path';
import { REPO_ROOT } from '../support/paths';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain-JS script of the repo, loaded by path
const { rootDemoAtItsFolder } = require(path.join(REPO_ROOT, 'scripts', 'demoNextConfig.js')) as {
  rootDemoAtItsFolder: (file: string) => boolean;
};
const TEMPLATE = path.join(REPO_ROOT, 'templates', 'create', 'next.config.ts');

describe('the demo app inside the checkout (two lockfiles)', () => {
  let file: string;

  beforeEach(() => {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'demo-config-')), 'next.config.ts');
    fs.copyFileSync(TEMPLATE, file);
  });

  afterEach(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));

  it('makes the demo its own Turbopack root, once', () => {
    expect(rootDemoAtItsFolder(file)).toBe(true);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toMatch(
      /const nextConfig: NextConfig = \{\n {2}turbopack: \{ root: import\.meta\.dirname \},/,
    );
    expect(text).toContain('serverExternalPackages: ["better-sqlite3"]');
    expect(rootDemoAtItsFolder(file)).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
  });

  it("leaves created projects to Next.js' own root detection (monorepos need it)", () => {
    expect(fs.readFileSync(TEMPLATE, 'utf8')).not.toContain('turbopack');
  });
});
