import fs from 'fs';
import path from 'path';
import { REPO_ROOT } from '../support/paths';

// packages/create-appgen is what `npm create appgen@alpha` installs: it must pin the appgen it is
// released with and run appgen's creator (tests/e2e/create-package.test.ts installs and runs it).
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'));

describe('the create-appgen package', () => {
  const appgen = read('package.json');
  const wrapper = read('packages/create-appgen/package.json');

  it("has appgen's version and depends on exactly that appgen", () => {
    expect(wrapper.version).toBe(appgen.version);
    expect(wrapper.dependencies).toEqual({ appgen: appgen.version });
  });

  it('publishes its bin create-appgen on the alpha dist-tag, like appgen', () => {
    expect(wrapper.name).toBe('create-appgen');
    expect(wrapper.bin).toEqual({ 'create-appgen': 'index.js' });
    expect(wrapper.publishConfig).toEqual({ tag: 'alpha' });
    expect(appgen.publishConfig).toEqual({ tag: 'alpha' });
  });

  it('runs the creator that appgen builds', () => {
    const runs = /require\('appgen\/([^']+)'\)/.exec(
      fs.readFileSync(path.join(REPO_ROOT, 'packages/create-appgen/index.js'), 'utf8'),
    )?.[1];
    expect(runs).toBe(appgen.bin['create-appgen']);
  });
});
