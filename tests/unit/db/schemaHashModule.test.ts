import fs from 'fs';
import path from 'path';
import { PRISMA_CLIENT_DIR, SCHEMA_HASH_MODULE } from '../../../src/db/generatePrismaClient';
import { REPO_ROOT } from '../support/paths';

// Issue 55 §4: `prisma generate` empties src/generated/prisma before it writes the client, and
// `next dev`, recompiling src/appgen/db.ts for the new client, logged "Module not found: Can't
// resolve '@/generated/prisma/schemaHash'" until appgen wrote the hash again. The hash lives
// outside the client's folder, where it exists all along.
describe("the Prisma schema's hash module", () => {
  it('is outside the folder prisma generate empties, and db.ts imports it from there', () => {
    const relative = path.relative(PRISMA_CLIENT_DIR, SCHEMA_HASH_MODULE);
    expect(relative.startsWith('..')).toBe(true);
    const db = fs.readFileSync(
      path.join(REPO_ROOT, 'templates', 'partials', 'orm', 'prisma', 'db.hbs'),
      'utf8',
    );
    const specifier = `@/${SCHEMA_HASH_MODULE.split(path.sep).slice(1).join('/').replace(/\.ts$/, '')}`;
    expect(db).toContain(`import { schemaHash } from "${specifier}";`);
  });
});
