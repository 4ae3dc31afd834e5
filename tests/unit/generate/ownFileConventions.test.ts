import fs from 'fs';
import path from 'path';
import { generateProject } from '../../../src/generate/generateProject';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { makeProject, removeTempProjects } from '../support/tempProject';

afterAll(removeTempProjects);

const generate = (root: string) => {
  const warnings: string[] = [];
  generateProject({ root, ...SQLITE_OPTIONS, warn: (text) => warnings.push(text) });
  return warnings;
};

// src/proxy.ts adds the security headers; src/instrumentation.ts runs the start-up checks
// (issue #36). Both are the user's once scaffolded.
it.each([
  ['src/proxy.ts', 'return withSecurityHeaders(NextResponse.next());'],
  ['src/instrumentation.ts', 'await startServer();'],
])(
  '%s is scaffolded once into a project without one, and kept as the user edits it',
  (file, line) => {
    const root = makeProject(minimalProject());
    expect(generate(root)).toEqual([]);
    expect(fs.readFileSync(path.join(root, file), 'utf8')).toContain(line);
    fs.writeFileSync(path.join(root, file), '// mine\n');
    generate(root);
    expect(fs.readFileSync(path.join(root, file), 'utf8')).toBe('// mine\n');
  },
);

// Next.js takes one proxy (or middleware) file and refuses to build with both.
it.each(['src/middleware.ts', 'middleware.ts', 'src/proxy.js'])(
  'src/proxy.ts is left out when the project has its own %s, saying how to keep the headers',
  (own) => {
    const root = makeProject({ ...minimalProject(), [own]: 'export function middleware() {}\n' });
    expect(generate(root)).toEqual([
      expect.stringContaining(
        `the project has its own ${own}, so appgen does not add src/proxy.ts`,
      ),
    ]);
    expect(fs.existsSync(path.join(root, 'src/proxy.ts'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'src/appgen/securityHeaders.ts'))).toBe(true);
  },
);

it.each(['instrumentation.ts', 'src/instrumentation.js'])(
  'src/instrumentation.ts is left out when the project has its own %s, saying how to keep the checks',
  (own) => {
    const root = makeProject({ ...minimalProject(), [own]: 'export function register() {}\n' });
    expect(generate(root)).toEqual([
      `appgen: the project has its own ${own}, so appgen does not add src/instrumentation.ts. To stop a production server whose configuration cannot work and to run the events' worker, call \`await startServer()\` in its register() (import { startServer } from "@/appgen/startup").\n`,
    ]);
    expect(fs.existsSync(path.join(root, 'src/instrumentation.ts'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'src/appgen/startup.ts'))).toBe(true);
  },
);

// Settings `cors`: the scaffolded proxy puts the CORS headers on what no route answers. One
// scaffolded before the setting (appgen never rewrites it) does not: a warning says what to add.
describe('a proxy file and settings cors', () => {
  const withCors = (files: Record<string, unknown>) => ({
    ...files,
    'appgen.config.json': { orm: 'prisma', cors: { origins: ['http://localhost:5173'] } },
  });
  const lacksCors = expect.stringContaining(
    'settings "cors" is set, but the project\'s proxy file does not call withCors',
  );

  it('a proxy scaffolded with the setting calls withCors: no warning', () => {
    const root = makeProject(withCors(minimalProject()));
    expect(generate(root)).toEqual([]);
    expect(fs.readFileSync(path.join(root, 'src/proxy.ts'), 'utf8')).toContain(
      'return withCors(request, withSecurityHeaders(NextResponse.next()));',
    );
  });

  it('a proxy from before the setting gets a warning on every generate, until it calls withCors', () => {
    const root = makeProject(minimalProject());
    expect(generate(root)).toEqual([]);
    fs.writeFileSync(
      path.join(root, 'appgen.config.json'),
      JSON.stringify(withCors({})['appgen.config.json']),
    );
    expect(generate(root)).toEqual([lacksCors]);
    // The generation cache answers the next run: the warning stays.
    expect(generate(root)).toEqual([lacksCors]);
    const proxy = path.join(root, 'src/proxy.ts');
    fs.writeFileSync(
      proxy,
      fs
        .readFileSync(proxy, 'utf8')
        .replace(
          'return withSecurityHeaders(NextResponse.next());',
          'return withCors(request, withSecurityHeaders(NextResponse.next()));',
        ),
    );
    expect(generate(root)).toEqual([]);
  });

  it("a project's own middleware without withCors gets the warning too", () => {
    const root = makeProject({
      ...withCors(minimalProject()),
      'src/middleware.ts': 'export function middleware() {}\n',
    });
    expect(generate(root)).toEqual([
      expect.stringContaining('the project has its own src/middleware.ts'),
      lacksCors,
    ]);
  });
});
