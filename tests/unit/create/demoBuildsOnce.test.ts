import { execFileSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { REPO_ROOT } from '../support/paths';

// Issue 55 §2: `npm run demo` never builds appgen twice. On a fresh clone its `npm install` runs
// appgen's `prepare` (`npm run build`: scripts/build.js), which stamps dist/; the demo then sees a
// current build and skips its own; the demo app gets this checkout packed without install scripts
// (tests/unit/create/createAppgen.test.ts), so its install builds nothing either.
describe('npm run demo builds appgen at most once', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  let copy: string;

  beforeEach(() => {
    // A checkout whose build steps do nothing: scripts/build.js's own logic, nothing else.
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-build-'));
    fs.mkdirSync(path.join(copy, 'scripts'));
    fs.copyFileSync(
      path.join(REPO_ROOT, 'scripts', 'build.js'),
      path.join(copy, 'scripts', 'build.js'),
    );
    for (const step of ['build-validators.js', 'build-templates.js'])
      fs.writeFileSync(path.join(copy, 'scripts', step), '');
    fs.mkdirSync(path.join(copy, 'node_modules', '.bin'), { recursive: true });
    fs.writeFileSync(path.join(copy, 'node_modules', '.bin', 'tsc'), '#!/bin/sh\n', {
      mode: 0o755,
    });
    for (const input of ['src', 'templates', 'schemas', 'dist'])
      fs.mkdirSync(path.join(copy, input));
    fs.writeFileSync(path.join(copy, 'src', 'index.ts'), '');
  });

  afterEach(() => fs.rmSync(copy, { recursive: true, force: true }));

  const buildIsCurrent = () =>
    execFileSync(
      process.execPath,
      ['-p', `require(${JSON.stringify(path.join(copy, 'scripts', 'build.js'))}).buildIsCurrent()`],
      { encoding: 'utf8' },
    ).trim();

  it("npm install's prepare is the build, which leaves a stamp the demo takes as current", () => {
    expect(pkg.scripts.prepare).toBe('npm run build');
    expect(pkg.scripts.build).toBe('node scripts/build.js');
    expect(buildIsCurrent()).toBe('false');
    execFileSync(process.execPath, [path.join(copy, 'scripts', 'build.js')], { cwd: copy });
    expect(buildIsCurrent()).toBe('true');
    // A source changed after the build: the demo builds again, once.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(copy, 'src', 'index.ts'), later, later);
    expect(buildIsCurrent()).toBe('false');
  });

  it('the demo builds only when the build is not current, and packs this checkout into its app', () => {
    const demo = fs.readFileSync(path.join(REPO_ROOT, 'scripts', 'demo.js'), 'utf8');
    expect(demo).toMatch(
      /if \(buildIsCurrent\(\)\) \{[\s\S]*?\} else \{\n\s+for \(const \[label, command, stepArgs\] of BUILD_STEPS\)/,
    );
    expect(demo).toMatch(/'--appgen',\s+'packed',/);
  });
});
