import fs from 'fs';
import path from 'path';
import { GOLDEN_DIR } from '../support/paths';

// Each answer shape is said once (issue 51): a route file names its model's shapes
// (src/appgen/shapes/<model>.ts) and declares none of its own: no Shape, no Prisma include,
// counting or reading literal; and no two shapes of a module are the same. (The `duplicates`
// tool is a machine's, not the project's: this checks the same structurally.)

function filesUnder(dir: string, ending: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, ending);
    return ending.test(entry.name) ? [full] : [];
  });
}

const CASES = fs
  .readdirSync(GOLDEN_DIR)
  .filter((name) => fs.existsSync(path.join(GOLDEN_DIR, name, 'expected')))
  .sort();

/** What a route file would hold if it wrote a shape out again. */
const INLINE_SHAPE = [
  /: Shape = /,
  /satisfies (Shape|Counting|PrismaReading)\b/,
  /readComputed\(\w+, \{/,
  /withCounts\(\w+, \{/,
  /\binclude: \{ \w+: \{ (select|orderBy|where): /,
  /shaped\([^)]*, \{ fields:/,
];

it.each(CASES)('%s: route files declare no answer shape of their own', (name) => {
  const routes = filesUnder(path.join(GOLDEN_DIR, name, 'expected', 'src', 'app', 'api'), /\.ts$/);
  const found = routes.flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return INLINE_SHAPE.filter((pattern) => pattern.test(text)).map(
      (pattern) => `${path.relative(GOLDEN_DIR, file)} ${pattern}`,
    );
  });
  expect(found).toEqual([]);
});

it.each(CASES)('%s: no two answer shapes of a model are the same', (name) => {
  const modules = filesUnder(
    path.join(GOLDEN_DIR, name, 'expected', 'src', 'appgen', 'shapes'),
    /\.ts$/,
  );
  for (const file of modules) {
    const text = fs.readFileSync(file, 'utf8');
    // Each exported constant's body, without its comment and name.
    const bodies = [...text.matchAll(/^export const (\w+) = (\{\n[\s\S]*?\n\});$/gm)].map(
      (match) => match[2],
    );
    expect(bodies.length).toBeGreaterThan(0);
    expect(new Set(bodies).size).toBe(bodies.length);
  }
});

it('shares one shape between the routes of the publishing example that answer an Article', () => {
  const text = fs.readFileSync(
    path.join(GOLDEN_DIR, 'publishing', 'expected', 'src', 'appgen', 'shapes', 'article.ts'),
    'utf8',
  );
  expect(text.match(/^export const \w+/gm)).toEqual(['export const articleAnswer']);
  const favorite = fs.readFileSync(
    path.join(
      GOLDEN_DIR,
      'publishing',
      'expected',
      'src/app/api/articles/[slug]/favorite/route.ts',
    ),
    'utf8',
  );
  expect(favorite).toContain('include: articleAnswer.include(userId)');
  expect(favorite).not.toContain('userId ?? ""');
});
