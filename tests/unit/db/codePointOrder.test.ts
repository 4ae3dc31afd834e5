import { codePointOrderStatements } from '../../../src/db/codePointOrder';

// SQL as Prisma's schema engine writes it for PostgreSQL (appgen migrate create).
const CREATED = `-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "age" INTEGER,
    "meta" JSON,
    "we""ird" TEXT,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_name_key" ON "User"("name");
`;
const ALTERED = `-- AlterTable
ALTER TABLE "User" ADD COLUMN     "bio" TEXT,
ADD COLUMN     "score" INTEGER NOT NULL DEFAULT 0,
ALTER COLUMN "age" SET DATA TYPE TEXT;

-- AlterTable
ALTER TABLE "Post" ALTER COLUMN "views" SET DATA TYPE INTEGER;
`;

describe('the code-point order of a PostgreSQL migration file', () => {
  it('gives each text column a table creates the "C" collation, quoted as written', () => {
    expect(codePointOrderStatements(CREATED)).toBe(
      [
        '',
        '-- Text sorts by code point, as on SQLite (appgen: src/db/codePointOrder.ts)',
        'ALTER TABLE "User" ALTER COLUMN "id" TYPE text COLLATE "C";',
        'ALTER TABLE "User" ALTER COLUMN "name" TYPE text COLLATE "C";',
        'ALTER TABLE "User" ALTER COLUMN "we""ird" TYPE text COLLATE "C";',
        '',
      ].join('\n'),
    );
  });

  it('and each text column a migration adds or turns into text, not the others', () => {
    expect(codePointOrderStatements(ALTERED).trim().split('\n').slice(1)).toEqual([
      'ALTER TABLE "User" ALTER COLUMN "bio" TYPE text COLLATE "C";',
      'ALTER TABLE "User" ALTER COLUMN "age" TYPE text COLLATE "C";',
    ]);
  });

  it('adds nothing when no text column is new', () => {
    expect(codePointOrderStatements('-- DropIndex\nDROP INDEX "User_name_key";\n')).toBe('');
  });
});
