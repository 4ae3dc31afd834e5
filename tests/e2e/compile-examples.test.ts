import fs from 'fs';
import path from 'path';
import { createRequire } from 'module';
import { REPO_ROOT } from './support/paths';
import { runOk } from './support/run';
import { createTestProject } from './support/testProject';

jest.setTimeout(600_000);

const examples = fs.readdirSync(path.join(REPO_ROOT, 'examples')).filter((name) => fs.existsSync(path.join(REPO_ROOT, 'examples', name, 'config')));

// Every generated file must type-check under `tsc --strict` and build with `next build`.
describe.each(examples)('examples/%s', (example) => {
  it('generates, type-checks under tsc --strict, and builds with next build', async () => {
    const project = await createTestProject(`example-${example}`, { configFrom: path.join(REPO_ROOT, 'examples', example) });
    await project.appgen(['build']);
    const tsc = createRequire(path.join(project.dir, 'package.json')).resolve('typescript/bin/tsc');
    const tsconfig = JSON.parse(fs.readFileSync(path.join(project.dir, 'tsconfig.json'), 'utf8'));
    expect(tsconfig.compilerOptions.strict).toBe(true);
    await runOk(process.execPath, [tsc, '--noEmit', '--strict', '-p', project.dir], { cwd: project.dir, env: project.env });
  });
});
