import {
  dataLossFix,
  dataLossMessage,
  renameHints,
  schemaFields,
  unexecutableAdvice,
} from '../../../src/db/dataLossMessage';

const schema = (userFields: string): string => `datasource db {
  provider = "sqlite"
}

/// From config/models/User.json
model User {
${userFields}
  @@index([email])
}

model Note {
  id    String @id @default(uuid())
  title String
}
`;

const BEFORE = schema(
  '  id    String  @id @default(uuid())\n  name  String\n  email String\n  age   Int?\n  // a comment\n  tags  Json',
);

describe('schemaFields', () => {
  it('reads each model field with its Prisma type, skipping comments and block attributes', () => {
    const models = schemaFields(BEFORE);
    expect([...models.keys()]).toEqual(['User', 'Note']);
    expect(Object.fromEntries(models.get('User')!)).toEqual({
      id: 'String',
      name: 'String',
      email: 'String',
      age: 'Int?',
      tags: 'Json',
    });
  });
});

describe('renameHints', () => {
  const dropName =
    'You are about to drop the column `name` on the `User` table, which still contains 2 non-null values.';

  it('suggests a rename when a dropped field and an added field of the same type come together', () => {
    const after = schema(
      '  id    String  @id @default(uuid())\n  fullName String?\n  email String\n  age   Int?\n  tags  Json\n  score Int',
    );
    expect(renameHints([dropName], BEFORE, after)).toEqual([
      'If you renamed User.name to fullName: rename the column in the database first to keep its values, ' +
        'e.g. ALTER TABLE "User" RENAME COLUMN "name" TO "fullName"; then run appgen db push again (nothing is lost).',
    ]);
  });

  it('suggests nothing for a plain drop, an added field of another type, or a dropped table', () => {
    const withoutName = schema(
      '  id    String  @id @default(uuid())\n  email String\n  age   Int?\n  tags  Json',
    );
    expect(renameHints([dropName], BEFORE, withoutName)).toEqual([]);
    const otherType = schema(
      '  id    String  @id @default(uuid())\n  email String\n  age   Int?\n  tags  Json\n  count Int',
    );
    expect(renameHints([dropName], BEFORE, otherType)).toEqual([]);
    expect(
      renameHints(
        ['You are about to drop the `Note` table, which is not empty (1 rows).'],
        BEFORE,
        withoutName,
      ),
    ).toEqual([]);
  });

  it('lists every candidate when several new fields have the dropped type', () => {
    const two = schema(
      '  id    String  @id @default(uuid())\n  first String\n  email String\n  age   Int?\n  tags  Json\n  last  String',
    );
    expect(renameHints([dropName], BEFORE, two).map((hint) => hint.split(':')[0])).toEqual([
      'If you renamed User.name to first',
      'If you renamed User.name to last',
    ]);
  });
});

describe('the refusal message', () => {
  it('offers --accept-data-loss when every change only loses data', () => {
    const message = dataLossMessage(
      ['You are about to drop the `Note` table, which is not empty (1 rows).'],
      [],
    );
    expect(message).toBe(
      'The database schema was not changed.\nThe change would lose data:\n  - You are about to drop the `Note` table, which is not empty (1 rows).\nRe-run with --accept-data-loss to apply it anyway.',
    );
    expect(dataLossFix([])).toMatch(/--accept-data-loss/);
  });

  it('says what to do, and that the flag does not help, for changes the rows make impossible', () => {
    const line =
      'Made the column `nick` on table `User` required, but there are 3 existing NULL values.';
    const message = dataLossMessage([], [line]);
    expect(message).toContain('--accept-data-loss does not change that');
    expect(message).toContain(`  - ${line}\n    what to do: User.nick has no value in 3 row(s)`);
    expect(message).not.toContain('Re-run with --accept-data-loss');
    expect(dataLossFix([line])).not.toMatch(/--accept-data-loss/);
  });

  it('puts rename hints after the data that would be lost', () => {
    const message = dataLossMessage(
      ['drop the column `name` on the `User` table'],
      [],
      ['If you renamed User.name to fullName: ...'],
    );
    expect(message.split('\n')).toEqual([
      'The database schema was not changed.',
      'The change would lose data:',
      '  - drop the column `name` on the `User` table',
      'If you renamed User.name to fullName: ...',
      'Re-run with --accept-data-loss to apply it anyway.',
    ]);
  });
});

describe('unexecutableAdvice', () => {
  it('a required field on rows without a value: fill them in or keep it optional (a default does not fill existing rows)', () => {
    const advice = unexecutableAdvice(
      'Made the column `nick` on table `User` required, but there are 1 existing NULL values.',
    );
    expect(advice).toContain('UPDATE "User" SET "nick" = ... WHERE "nick" IS NULL');
    expect(advice).toContain('"optional": true in config/models/User.json');
  });

  it('a new required field on a table with rows: a default or optional', () => {
    expect(
      unexecutableAdvice(
        'Added the required column `score` to the `User` table without a default value. There are 2 rows in this table, it is not possible to execute this step.',
      ),
    ).toBe('Give User.score a "default" in config/models/User.json, or make it "optional": true.');
  });

  it('a type change without a cast: how to keep the values, and how to discard them', () => {
    const advice = unexecutableAdvice(
      'Changed the type of `age` on the `User` table. No cast exists, the column would be dropped and recreated, which cannot be done since the column is required and there is data in the table.',
    );
    expect(advice).toContain('add a new field of the new type, copy the converted values into it');
    expect(advice).toContain(
      'make age "optional": true in config/models/User.json and re-run with --accept-data-loss',
    );
  });

  it('anything else: generic advice in terms of the model files', () => {
    expect(unexecutableAdvice('Something new the engine says.')).toMatch(/config\/models\//);
  });
});
