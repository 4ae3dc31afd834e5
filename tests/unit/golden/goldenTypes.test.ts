import path from 'path';
import { buildProjectFiles } from '../../../src/generate/generateProject';
import { typesProject } from '../support/generatedAppTypes';
import { goldenOptions } from '../support/generateOptions';
import { GOLDEN_DIR } from '../support/paths';
import { typecheckFileMap } from '../support/typecheckFileMap';

// The golden cases with events compile as a generated app does (tsc --strict, plus
// noUnusedLocals and noUnusedParameters), on each ORM and database: their routes record events
// in the transaction of their writes (the outbox), run others in the request, and the worker,
// its queries and its handlers are generated with them. Their `count` computed field is sent by a
// list and by the labels an article route includes (Prisma: src/appgen/counts.ts). The cors case:
// src/appgen/cors.ts and what http.ts, csrf.ts and the proxy do with it (settings `cors`). The
// orm-none case: stub handlers, with a built-in voter.
jest.setTimeout(600_000);

const CASES = [
  'links',
  'links-postgres',
  'links-drizzle',
  'links-drizzle-postgres',
  'cors',
  'orm-none',
];

it.each(CASES)('golden case %s type-checks', async (name) => {
  const caseDir = path.join(GOLDEN_DIR, name);
  const files = buildProjectFiles({ root: caseDir, ...goldenOptions(caseDir) });
  const root = await typesProject(`golden-${name}`, files);
  const { errors, checked } = typecheckFileMap(files, root);
  expect(checked).toBeGreaterThan(10);
  expect(errors).toEqual([]);
});
