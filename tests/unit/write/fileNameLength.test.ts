import fs from 'fs';
import path from 'path';
import { UserError } from '../../../src/diagnostics/diagnostic';
import { generate } from '../support/generate';
import { makeTempDir, removeTempProjects, snapshotTree } from '../support/tempProject';
import { checkFileNameLengths, MAX_NAME_BYTES } from '../../../src/write/fileNameLength';

afterAll(removeTempProjects);

// Found by the fuzz test: a function name thousands of characters long crashed generate with
// ENAMETOOLONG (exit 2). It is a user error, before anything is written.
it('refuses an output name too long for the file system, writing nothing', () => {
  const root = makeTempDir('appgen-longname-');
  const name = `x${'y'.repeat(MAX_NAME_BYTES)}`;
  fs.mkdirSync(path.join(root, 'config', 'models'), { recursive: true });
  fs.mkdirSync(path.join(root, 'config', 'routes'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'config', 'models', 'User.json'),
    JSON.stringify({ name: 'User', fields: { name: 'string' } }),
  );
  fs.writeFileSync(
    path.join(root, 'config', 'routes', 'users.json'),
    JSON.stringify({ routes: [{ method: 'GET', path: '/api/users', function: name }] }),
  );
  const before = snapshotTree(root);
  expect(() => generate(root)).toThrow(UserError);
  expect(() => generate(root)).toThrow(/longer than the \d+ bytes a file name may have/);
  expect(snapshotTree(root)).toEqual(before);
});

describe('checkFileNameLengths counts the bytes of each name, wherever the path is long', () => {
  const files = (...paths: string[]) =>
    new Map(paths.map((file) => [file, { content: '', owner: 'generated' as const }]));
  // "€" is 3 bytes of UTF-8: a name of them reaches the limit in a third of the characters.
  const euros = (bytes: number) => '€'.repeat(Math.floor(bytes / 3)) + 'x'.repeat(bytes % 3);

  it('takes names of up to the limit in bytes, in short and long paths', () => {
    expect(() => checkFileNameLengths(files('src/app/€/page.tsx'))).not.toThrow();
    expect(() =>
      checkFileNameLengths(
        files(`src/app/${euros(MAX_NAME_BYTES)}/${euros(MAX_NAME_BYTES - 3)}.ts`),
      ),
    ).not.toThrow();
  });

  it('refuses a name one byte over the limit, made of multi-byte characters or not', () => {
    for (const name of [euros(MAX_NAME_BYTES + 1), 'y'.repeat(MAX_NAME_BYTES + 1)])
      expect(() =>
        checkFileNameLengths(files('src/app/page.tsx', `src/app/${name}/page.tsx`)),
      ).toThrow(/longer than the \d+ bytes a file name may have/);
  });
});
