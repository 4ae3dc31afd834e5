import fs from 'fs';
import path from 'path';
import { UserError } from '../../../src/diagnostics/diagnostic';
import { generate } from '../support/generate';
import { makeTempDir, removeTempProjects, snapshotTree } from '../support/tempProject';
import { MAX_NAME_BYTES } from '../../../src/write/fileNameLength';

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
