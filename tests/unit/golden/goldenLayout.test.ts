import { execFileSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { GOLDEN_DIR, REPO_ROOT } from '../support/paths';

// Generated code laid out as the project's formatter lays it out (issue 51): prettier's defaults
// with a print width of 100 (what a created project's .prettierrc.json says), reached by the
// templates and the map (the `layout`, `chain` and `fits` helpers, src/render/layoutLiteral.ts,
// layoutChain.ts, jsonLiteral.ts), never by running prettier at generation time. Checked with
// prettier's own CLI (the devDependency) over every .ts and .tsx file of the golden cases: a new
// runtime module, route handler or page is covered as soon as a case generates it.
// Pages are laid out by their templates and the `jsxLayout` helper (layoutJsx.ts).
//
// A line may pass 100 characters only inside a template literal (the SQL of a `Prisma.sql`
// condition): prettier leaves such data as it is, and the SQL is logged and compared as written.
jest.setTimeout(120_000);

const PRETTIER = path.join(REPO_ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');

/** Every .ts/.tsx file under `dir`. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The golden cases' .ts/.tsx files (paths from the repository). */
function goldenFiles(): string[] {
  return fs
    .readdirSync(GOLDEN_DIR)
    .sort()
    .flatMap((name) => {
      const expected = path.join(GOLDEN_DIR, name, 'expected');
      return filesUnder(expected).map((file) => path.relative(REPO_ROOT, file));
    });
}

/** The files prettier would change (`prettier -l`: defaults, printWidth 100). */
function unformatted(files: string[]): string[] {
  try {
    // --ignore-path: the repository's .prettierignore leaves tests/golden out; --no-config: the
    // generated project's settings, not this repository's (single quotes).
    execFileSync(
      process.execPath,
      [PRETTIER, '--no-config', '--ignore-path', '', '--print-width', '100', '-l', ...files],
      { cwd: REPO_ROOT, encoding: 'utf8', stdio: 'pipe' },
    );
    return [];
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error)
      .split('\n')
      .filter((line) => line !== '');
  }
}

/** A line without the text of its template literals (data prettier leaves as it is). */
function outsideTemplateLiterals(line: string): string {
  return line.replace(/`(?:[^`\\]|\\.)*`/g, '``');
}

/** `file:line` of each line longer than 100 characters (the generated header aside). */
function longLines(files: string[]): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(path.join(REPO_ROOT, file), 'utf8')
      .split('\n')
      .slice(1) // the generated header names the config files it comes from
      .flatMap((line, i) =>
        outsideTemplateLiterals(line).length > 100 ? [`${file}:${i + 2}`] : [],
      ),
  );
}

const FILES = goldenFiles();

it('finds the generated files of the golden cases: runtime modules, route handlers, pages', () => {
  const names = FILES.map((file) => path.basename(file));
  for (const name of ['shape.ts', 'query.ts', 'view.ts', 'form.tsx', 'schema.ts', 'openapi.ts'])
    expect(names).toContain(name);
  expect(FILES.some((file) => /\/src\/app\/api\/.*\/route\.ts$/.test(file))).toBe(true);
  expect(names).toContain('page.tsx');
  expect(FILES.length).toBeGreaterThanOrEqual(500);
});

it('prettier --check (defaults, printWidth 100) accepts them as they are', () => {
  expect(unformatted(FILES)).toEqual([]);
});

it('keeps every line of them within 100 characters', () => {
  expect(longLines(FILES)).toEqual([]);
});

it('finds a file prettier would change, and a long line outside a template literal only', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-layout-'));
  const file = path.join(dir, 'planted.ts');
  fs.writeFileSync(file, 'export const x = {a:1};\n');
  expect(unformatted([file]).map((listed) => path.resolve(REPO_ROOT, listed))).toEqual([file]);
  fs.rmSync(dir, { recursive: true, force: true });
  const sql = `Prisma.sql\`${'"id" IN (SELECT "A" FROM "_Article_tags") AND '.repeat(3)}\``;
  expect(outsideTemplateLiterals(`    const where = ${sql};`)).toBe(
    '    const where = Prisma.sql``;',
  );
  expect(outsideTemplateLiterals('x'.repeat(101))).toHaveLength(101);
});
