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

// Settings `cors`: the scaffolded proxy puts the CORS headers on what no route answers. An
// untouched src/proxy.ts follows the setting (it is scaffolded with and without it); one the user
// edited is kept, with a warning saying what to change.
describe('the proxy file and settings cors', () => {
  const CORS = { orm: 'prisma', cors: { origins: ['http://localhost:5173'] } };
  const setCors = (root: string, on: boolean) =>
    fs.writeFileSync(
      path.join(root, 'appgen.config.json'),
      JSON.stringify(on ? CORS : { orm: 'prisma' }),
    );
  const proxyOf = (root: string) => fs.readFileSync(path.join(root, 'src/proxy.ts'), 'utf8');
  const WITH_CORS = 'return withCors(request, withSecurityHeaders(NextResponse.next()));';
  const WITHOUT = 'return withSecurityHeaders(NextResponse.next());';
  const lacksCors = expect.stringContaining(
    'settings "cors" is set, but src/proxy.ts does not call withCors',
  );

  it('is scaffolded with withCors when the setting is there', () => {
    const root = makeProject({ ...minimalProject(), 'appgen.config.json': CORS });
    expect(generate(root)).toEqual([]);
    expect(proxyOf(root)).toContain(WITH_CORS);
  });

  it('follows the setting while untouched, both ways, and src/appgen/cors.ts with it', () => {
    const root = makeProject(minimalProject());
    expect(generate(root)).toEqual([]);
    expect(proxyOf(root)).toContain(WITHOUT);
    setCors(root, true);
    expect(generate(root)).toEqual([]);
    expect(proxyOf(root)).toContain(WITH_CORS);
    expect(fs.existsSync(path.join(root, 'src/appgen/cors.ts'))).toBe(true);
    // The generation cache answers the next run: nothing changes.
    expect(generate(root)).toEqual([]);
    setCors(root, false);
    expect(generate(root)).toEqual([]);
    expect(proxyOf(root)).toContain(WITHOUT);
    expect(proxyOf(root)).not.toContain('cors');
    expect(fs.existsSync(path.join(root, 'src/appgen/cors.ts'))).toBe(false);
  });

  it('an edited proxy without withCors is kept, with a warning on every generate, until it calls it', () => {
    const root = makeProject(minimalProject());
    generate(root);
    fs.appendFileSync(path.join(root, 'src/proxy.ts'), '// mine\n');
    setCors(root, true);
    expect(generate(root)).toEqual([lacksCors]);
    expect(proxyOf(root)).toContain('// mine');
    expect(generate(root)).toEqual([lacksCors]);
    fs.writeFileSync(path.join(root, 'src/proxy.ts'), proxyOf(root).replace(WITHOUT, WITH_CORS));
    expect(generate(root)).toEqual([]);
  });

  it('an edited proxy that calls withCors after the setting is gone gets a warning (its import would fail)', () => {
    const root = makeProject({ ...minimalProject(), 'appgen.config.json': CORS });
    generate(root);
    fs.appendFileSync(path.join(root, 'src/proxy.ts'), '// mine\n');
    setCors(root, false);
    expect(generate(root)).toEqual([
      expect.stringContaining(
        'src/proxy.ts calls withCors, but settings "cors" is not set, so appgen no longer generates src/appgen/cors.ts',
      ),
    ]);
    expect(proxyOf(root)).toContain(WITH_CORS);
  });

  it("a project's own middleware without withCors gets the warning too", () => {
    const root = makeProject({
      ...minimalProject(),
      'appgen.config.json': CORS,
      'src/middleware.ts': 'export function middleware() {}\n',
    });
    expect(generate(root)).toEqual([
      expect.stringContaining('the project has its own src/middleware.ts'),
      expect.stringContaining(
        'settings "cors" is set, but src/middleware.ts does not call withCors',
      ),
    ]);
  });
});

// Issue 50 §1: the scaffolded proxy calls missingRecord first, so a record page of a record that
// does not exist answers the complete not-found page; a proxy without it gets the lines to add.
describe('the proxy file and missing records', () => {
  const RECORD_PAGE = {
    name: 'UserPage',
    path: '/users/:id',
    root: { type: 'detail', route: 'GET /api/users/:id', columns: ['name'] },
  };
  const lacksCheck = expect.stringContaining('src/proxy.ts does not call missingRecord');

  it('is scaffolded calling missingRecord, and an own proxy without it gets a warning with the lines', () => {
    const root = makeProject(minimalProject({ 'config/views/user.json': RECORD_PAGE }));
    expect(generate(root)).toEqual([]);
    const proxy = fs.readFileSync(path.join(root, 'src/proxy.ts'), 'utf8');
    expect(proxy).toContain('import { missingRecord } from "@/appgen/missingRecords";');
    expect(proxy).toMatch(/if \(await missingRecord\(request\)\)\s+return/);
    expect(fs.existsSync(path.join(root, 'src/appgen/missingRecords.ts'))).toBe(true);
    fs.writeFileSync(path.join(root, 'src/proxy.ts'), '// mine\n');
    expect(generate(root)).toEqual([lacksCheck]);
  });

  it('says nothing when no page loads a record by its parameters', () => {
    const root = makeProject(minimalProject());
    generate(root);
    fs.writeFileSync(path.join(root, 'src/proxy.ts'), '// mine\n');
    expect(generate(root)).toEqual([]);
  });
});
