import fs from 'fs';
import path from 'path';
import { REPO_ROOT } from './support/paths';
import { EXAMPLE_PAGES, openExamplePages } from './support/examplePages';
import { ORMS, type Orm } from './support/orms';
import { createTestProject, type TestProject } from './support/testProject';

jest.setTimeout(600_000);

const examples = fs
  .readdirSync(path.join(REPO_ROOT, 'examples'))
  .filter((name) => fs.existsSync(path.join(REPO_ROOT, 'examples', name, 'config')))
  .map((name) => `examples/${name}`);

// Every generated file must type-check under `tsc --strict` and build with `next build`, with
// either ORM (the ORM of the example's appgen.config.json is replaced by the one under test).
// examples/forum, examples/publishing, examples/todo, examples/newsroom, the links case and
// examples/minimal (the starter) are left to forum.test.ts, publishing.test.ts, todo.test.ts,
// newsroom-access.test.ts, links.test.ts and starter-app.test.ts, which build them with both ORMs
// (`next build` type-checks the project under its strict tsconfig) and then run them.
const BUILT_BY_THEIR_OWN_SUITES = [
  'examples/forum',
  'examples/minimal',
  'examples/newsroom',
  'examples/publishing',
  'examples/todo',
];
// Route options combined as a real app combines them (tests/e2e/fixtures/combinations: its routes,
// events and views over examples/publishing's models): redirects beside include and fields, events
// on a model with computed fields, 204 and 202, links, parents (also of function routes: a parent
// named by its slug is found before the function runs), function routes with voters, scopes,
// envelopes and counts, and pages bound to such routes. Its config folder is laid over the base's.
// Every pair of options is type-checked in the unit run (tests/unit/generate/optionPairs.test.ts).
const COMBINATIONS = 'tests/e2e/fixtures/combinations';
const BASE: Record<string, string> = { [COMBINATIONS]: 'examples/publishing' };
// Every golden case (tests/golden: the starter, blog on both ORMs, the escaping case...) is
// type-checked under the generated apps' compiler options in the unit run
// (tests/unit/golden/goldenTypes.test.ts): `next build` here adds what only it checks, once per
// example and ORM that no golden case covers. examples/blog with Prisma is the golden case `blog`.
const COVERED_BY_GOLDEN_CASES: ReadonlyArray<readonly [string, Orm]> = [
  ['examples/blog', 'prisma'],
];
const cases: Array<readonly [string, Orm]> = [
  ...examples
    .filter((example) => !BUILT_BY_THEIR_OWN_SUITES.includes(example))
    .flatMap((example) => ORMS.map((orm) => [example, orm] as const))
    .filter(
      ([example, orm]) => !COVERED_BY_GOLDEN_CASES.some(([e, o]) => e === example && o === orm),
    ),
  ...ORMS.map((orm) => [COMBINATIONS, orm] as const),
];
/**
 * A program that uses the blog's typed client (src/appgen/client.ts): it must compile under
 * `tsc --strict`, and each `@ts-expect-error` line must really be an error, so the client's
 * params, query, body and result types are checked against the generated routes and models.
 */
const BLOG_CLIENT_USAGE = `import { getApiPosts, getApiPostsById, postApiUsers, type ApiResult } from "@/appgen/client";
import type { Post, User } from "@/appgen/types";

export async function clientUsage(): Promise<string[]> {
  const options = { baseUrl: "http://127.0.0.1:3000" };
  const posts = await getApiPosts({ query: { status: "published", sort: "-views", limit: 10 } }, options);
  const titles = posts.ok ? posts.data.map((post: Post) => post.title) : [posts.error];
  const one: ApiResult<Post> = await getApiPostsById({ params: { id: "00000000-0000-4000-8000-000000000000" } }, options);
  const user = await postApiUsers({ body: { email: "ada@example.com", name: "Ada", role: "author" } }, options);
  const created: User | null = user.ok ? user.data : null;
  // @ts-expect-error: "deleted" is not a status of Post
  await getApiPosts({ query: { status: "deleted" } });
  // @ts-expect-error: sort only by the route's sort fields
  await getApiPosts({ query: { sort: "title" } });
  // @ts-expect-error: the path parameter is required
  await getApiPostsById({});
  // @ts-expect-error: the body needs email and name
  await postApiUsers({ body: { name: "Ada" } });
  // @ts-expect-error: a list answers an array, not one Post
  const wrong: ApiResult<Post> = await getApiPosts();
  return [...titles, String(one.ok), String(created), String(wrong)];
}
`;

const CLIENT_USAGE: Record<string, string> = {
  'examples/blog': BLOG_CLIENT_USAGE,
};

/**
 * The example's own code (src/: functions and voters), and the ORM's variant of the functions
 * where the example's are written for the other ORM (tests/e2e/fixtures/<name>-drizzle/src).
 */
function copyOwnCode(source: string, orm: Orm, dir: string): void {
  const own = path.join(REPO_ROOT, source, 'src');
  if (fs.existsSync(own)) fs.cpSync(own, path.join(dir, 'src'), { recursive: true });
  const variant = path.join(
    REPO_ROOT,
    'tests',
    'e2e',
    'fixtures',
    `${path.basename(source)}-${orm}`,
    'src',
  );
  if (fs.existsSync(variant)) fs.cpSync(variant, path.join(dir, 'src'), { recursive: true });
}

describe.each(cases)('%s with orm %s', (source, orm) => {
  let project: TestProject | undefined;

  it('generates, type-checks under tsc --strict, and builds with next build', async () => {
    project = await createTestProject(`${path.basename(source)}-${orm}`, {
      orm,
      configFrom: path.join(REPO_ROOT, BASE[source] ?? source),
    });
    if (BASE[source])
      fs.cpSync(path.join(REPO_ROOT, source, 'config'), path.join(project.dir, 'config'), {
        recursive: true,
      });
    // The example's other settings stay (e.g. publishing's error format); the ORM is the one under test.
    const settingsFile = path.join(REPO_ROOT, BASE[source] ?? source, 'appgen.config.json');
    const settings = fs.existsSync(settingsFile)
      ? JSON.parse(fs.readFileSync(settingsFile, 'utf8'))
      : {};
    fs.writeFileSync(
      path.join(project.dir, 'appgen.config.json'),
      `${JSON.stringify({ ...settings, $schema: './node_modules/appgen/schemas/appgen.config.schema.json', orm }, null, 2)}\n`,
    );
    copyOwnCode(source, orm, project.dir);
    if (CLIENT_USAGE[source])
      fs.writeFileSync(path.join(project.dir, 'src', 'clientUsage.ts'), CLIENT_USAGE[source]);
    // `next build` type-checks the whole project (clientUsage.ts too) under its tsconfig, which
    // is strict: a second tsc run would check the same files again.
    const tsconfig = JSON.parse(fs.readFileSync(path.join(project.dir, 'tsconfig.json'), 'utf8'));
    expect(tsconfig.compilerOptions.strict).toBe(true);
    const built = await project.appgen(['build']);
    expect(built.stdout).toMatch(/Finished TypeScript/);
  });

  // Issue 50: every view of the example (examples/blog; the combinations fixture's pages, with
  // each ORM), with records in it, opened in Chromium on the build above (SQLite): no error
  // answer or thrown render, no sideways scrolling at 390 px, no serious or critical axe-core
  // violation; screenshots in test-artifacts/examples-<name>-*.png (support/examplePages.ts).
  // (examples/minimal's views are the starter's: starter-app.test.ts opens them.)
  if (EXAMPLE_PAGES[source])
    it('opens every page of the example in a browser, with records', async () => {
      if (!project) throw new Error('the build above failed');
      await openExamplePages(source, project, EXAMPLE_PAGES[source]);
    });
});
