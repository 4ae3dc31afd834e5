import fs from 'fs';
import path from 'path';
import type { ElementContext } from '../../../src/map/contexts';
import { mapProject } from '../../../src/map/mapProject';
import { blogProject } from '../support/blog';
import { checkedProject } from '../support/checkConfig';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { EXAMPLES_DIR, GOLDEN_DIR, REPO_ROOT } from '../support/paths';
import { readTree, type ProjectFiles } from '../support/tempProject';

/** A project's config as the in-memory files the validate stage reads (config/ and settings). */
function configFiles(dir: string): ProjectFiles {
  const tree = readTree(dir, {
    exclude: (relative) =>
      !(
        relative === 'appgen.config.json' ||
        relative === 'config' ||
        relative.startsWith('config/')
      ),
  });
  return Object.fromEntries([...tree].map(([file, text]) => [file, JSON.parse(text)]));
}

const withViews = (root: string) =>
  fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'config', 'views')))
    .map((name) => path.relative(REPO_ROOT, path.join(root, name)));

const PROJECTS: Array<[string, () => ProjectFiles]> = [
  ...[...withViews(EXAMPLES_DIR), ...withViews(GOLDEN_DIR)].map(
    (dir): [string, () => ProjectFiles] => [dir, () => configFiles(path.join(REPO_ROOT, dir))],
  ),
  ['tests/e2e/fixtures/blog', blogProject],
];

const flatten = (element: ElementContext): ElementContext[] => [
  element,
  ...element.children.flatMap(flatten),
];

/** `{ id: params.postId }` as [folder, page parameter] pairs. */
const passed = (argument: string): string[][] =>
  [...argument.matchAll(/(\w+): params\.(\w+)/g)].map((m) => [m[1], m[2]]);

// Issue 50: a binding `generate` accepts must work at run time. For every view of every example,
// golden case and the record-pages fixture, independently of how the map decides it: each route
// call passes exactly the parameters its handler's folders name (read from the route module's
// path), each from a parameter of the page; each form's action fills its `:names` from the
// page's.
describe.each(PROJECTS)('view bindings of %s', (_name, files) => {
  const context = mapProject(checkedProject(files()), SQLITE_OPTIONS);

  it.each(context.views.map((view) => [view.urlPath, view] as const))(
    '%s calls each route with the names its handler reads, from its own parameters',
    (_path, view) => {
      for (const load of view.loads) {
        const folders = [...load.module.matchAll(/\[(\w+)\]/g)].map((m) => m[1]);
        const pairs = passed(load.paramsArgument);
        expect([load.module, pairs.map(([folder]) => folder)]).toEqual([load.module, folders]);
        for (const [, param] of pairs) expect(view.params).toContain(param);
        for (const [, name] of load.urlPath.matchAll(/:(\w+)/g))
          expect(view.params).toContain(name);
      }
      for (const element of flatten(view.root)) {
        for (const [, name] of (element.form?.urlPath ?? '').matchAll(/:(\w+)/g))
          expect(view.params).toContain(name);
      }
    },
  );
});
