import fs from 'fs';
import path from 'path';
import { typesProject } from '../support/generatedAppTypes';
import { expectedFiles } from '../support/goldenFiles';
import { GOLDEN_DIR } from '../support/paths';
import { typecheckFileMap } from '../support/typecheckFileMap';

// Every golden case compiles as a generated app does (tsc --strict, plus noUnusedLocals and
// noUnusedParameters), in memory, against the packages of the e2e shared install: what its
// expected/ tree holds (the golden test shows that tree is what the generator renders) on each
// ORM (prisma, drizzle, none) and database. A route combination that no longer compiles fails
// here, in the unit run, rather than only in the end-to-end run. The TypeScript files of
// node_modules and of TypeScript itself are parsed once for all cases (typecheckFileMap).
jest.setTimeout(900_000);

const CASES = fs
  .readdirSync(GOLDEN_DIR)
  .filter((name) => fs.existsSync(path.join(GOLDEN_DIR, name, 'config')))
  .sort();

it('covers every golden case', () => {
  expect(CASES.length).toBeGreaterThanOrEqual(20);
  expect(CASES).toEqual(expect.arrayContaining(['minimal', 'orm-none', 'links-drizzle-postgres']));
});

it.each(CASES)('golden case %s type-checks', async (name) => {
  const files = expectedFiles(name);
  const root = await typesProject(`golden-${name}`, files);
  const { errors, checked } = typecheckFileMap(files, root);
  expect(checked).toBeGreaterThan(10);
  expect(errors).toEqual([]);
});

it('a type error planted in a rendered file fails with its file and line', async () => {
  const files = expectedFiles('orm-none');
  const file = [...files.keys()].find((relative) => /^src\/app\/api\/.*route\.ts$/.test(relative));
  if (!file) throw new Error('orm-none renders no route file');
  const lines = (files.get(file)?.content ?? '').split('\n');
  lines.splice(1, 0, 'export const planted: number = "not a number";');
  files.set(file, { ...files.get(file)!, content: lines.join('\n') });
  const root = await typesProject('golden-orm-none-planted', files);
  const { errors } = typecheckFileMap(files, root);
  expect(errors).toEqual([
    expect.stringMatching(
      new RegExp(
        `^${file.replace(/[[\].]/g, '\\$&')}:2:14 Type 'string' is not assignable to type 'number'`,
      ),
    ),
  ]);
});
