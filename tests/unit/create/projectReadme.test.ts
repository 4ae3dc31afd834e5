import { projectFiles } from '../../../src/create/projectFiles';
import { TEMPLATE_REGISTRY } from '../../../src/render/templateRegistry';

// Issue 55 §5: the created project's README tells the production commands that match its output
// and lists every folder that is the project's own.
describe("the created project's README", () => {
  const files = projectFiles({
    name: 'my-app',
    orm: 'prisma',
    appgen: 'alpha',
    sessionSecret: 's',
  });
  const readme = files.get('README.md') as string;
  const pkg = JSON.parse(files.get('package.json') as string);

  it('serves the build with appgen start, which runs the standalone output next.config.ts asks for', () => {
    expect(files.get('next.config.ts')).toMatch(/output: "standalone"/);
    expect(pkg.scripts.start).toBe('appgen start');
    expect(readme).toMatch(/^npm start {10}# serve the build as production does: appgen start/m);
    expect(readme).toContain('.next/standalone/server.js');
    expect(readme).not.toMatch(/next start/);
    for (const script of Object.keys(pkg.scripts))
      expect(readme).toContain(`npm ${script === 'start' ? '' : 'run '}${script}`);
  });

  it('names every folder of files appgen writes once and leaves to the project', () => {
    const userFolders = new Set(
      TEMPLATE_REGISTRY.filter((entry) => entry.owner === 'user')
        .map((entry) => /^(src\/[a-z]+)\//.exec(entry.produces)?.[1])
        .filter((folder): folder is string => folder !== undefined),
    );
    expect([...userFolders].sort()).toEqual(
      ['src/auth', 'src/events', 'src/functions', 'src/jobs', 'src/mail', 'src/voters'].sort(),
    );
    for (const folder of userFolders) expect(readme).toContain(`- \`${folder}\`: `);
  });

  it('carries the print width generated files are laid out for, so prettier --check agrees', () => {
    expect(JSON.parse(files.get('.prettierrc.json') as string)).toEqual({ printWidth: 100 });
  });
});
