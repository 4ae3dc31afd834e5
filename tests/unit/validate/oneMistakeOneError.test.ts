import path from 'path';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic';
import { problemsIn } from '../support/checkConfig';
import { REPO_ROOT } from '../support/paths';
import { readTree, type ProjectFiles } from '../support/tempProject';

// Issue 36, item 2: one mistake in examples/publishing gives one true error, in its own file,
// not a second one elsewhere that follows from it (or that is untrue).
const PUBLISHING = Object.fromEntries(
  readTree(path.join(REPO_ROOT, 'examples', 'publishing'), {
    exclude: (file) =>
      !(file === 'appgen.config.json' || file === 'config' || file.startsWith('config/')),
  }),
) as ProjectFiles;

/** The example with one file's text edited (the edit must apply). */
function publishingWith(file: string, from: string, to: string): ProjectFiles {
  const text = PUBLISHING[file] as string;
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  return { ...PUBLISHING, [file]: text.replace(from, to) };
}

const summary = (d: Diagnostic) => ({
  file: d.file,
  line: d.location?.line,
  column: d.location?.column,
  jsonPath: d.jsonPath,
  message: d.message,
});

describe('one mistake, one error (examples/publishing)', () => {
  it('is valid as it is', () => {
    expect(problemsIn(PUBLISHING)).toEqual([]);
  });

  it('a field of Tag typed with a model\'s name: one error in Tag.json, no "unknown model" in Article.json', () => {
    const problems = problemsIn(
      publishingWith('config/models/Tag.json', '"id": "uuid"', '"id": "Article"'),
    );
    expect(problems.map(summary)).toEqual([
      {
        file: 'config/models/Tag.json',
        line: 5,
        column: 11,
        jsonPath: 'fields.id',
        message: '"Article" is a model, not a field type',
      },
    ]);
    expect(problems[0].hint).toBe(
      '"id" is Tag\'s own id: write "uuid". To link Tag to Article, declare a relation, e.g. "relations": { "article": { "type": "belongsTo", "model": "Article" } } with "articleId": "uuid" in "fields".',
    );
  });

  it('a long-form field typed with a model: the error at its "type"', () => {
    const problems = problemsIn(
      publishingWith(
        'config/models/Tag.json',
        '"name": { "type": "string", "unique": true }',
        '"name": { "type": "User", "unique": true }',
      ),
    );
    expect(problems.map(summary)).toEqual([
      {
        file: 'config/models/Tag.json',
        line: 6,
        column: 23,
        jsonPath: 'fields.name.type',
        message: '"User" is a model, not a field type',
      },
    ]);
  });

  // Issue 40: the schemas list the validators for editors; appgen's own message stays the one.
  it.each([
    [
      '"notEmpty",\n            "maxLength:200"',
      '"notEmty",\n            "maxLength:200"',
      'unknown validator "notEmty"',
      'did you mean "notEmpty"?',
      40,
    ],
    [
      '"notEmpty",\n            "maxLength:200"',
      '"notEmpty",\n            "maxLength:lots"',
      'validator "maxLength" needs a whole number, got "lots"',
      'write it as "maxLength:3".',
      41,
    ],
  ])(
    "a misspelt validator in a body field (%#): one error, with the checker's hint",
    (from, to, message, hint, line) => {
      const problems = problemsIn(publishingWith('config/routes/articles.json', from, to));
      expect(problems.map(summary)).toEqual([
        {
          file: 'config/routes/articles.json',
          line,
          column: 13,
          jsonPath: expect.stringMatching(/\.validation\[[01]\]$/),
          message,
        },
      ]);
      expect(problems[0].hint).toBe(hint);
    },
  );

  it("a misspelt validator in the accounts' passwordRules: one error, with did-you-mean", () => {
    const problems = problemsIn(
      publishingWith('appgen.config.json', '"minLength:8"', '"minLenght:8"'),
    );
    expect(problems.map(summary)).toEqual([
      {
        file: 'appgen.config.json',
        line: 4,
        column: expect.any(Number),
        jsonPath: 'accounts.passwordRules[0]',
        message: 'unknown validator "minLenght"',
      },
    ]);
    expect(problems[0].hint).toBe('did you mean "minLength:8"?');
  });

  it('a mistake in the accounts model (User): its error only, not "unknown model" and "no accounts model" elsewhere', () => {
    const problems = problemsIn(
      publishingWith('config/models/User.json', '"password": "password"', '"password": "passwrd"'),
    );
    expect(problems.map(summary)).toEqual([
      {
        file: 'config/models/User.json',
        line: 8,
        column: 17,
        jsonPath: 'fields.password',
        message: 'string "passwrd" is not allowed here',
      },
    ]);
  });

  it('"fields" on the log-in route naming a computed field read from a relation: one error there', () => {
    const problems = problemsIn(
      publishingWith(
        'config/routes/user.json',
        '"account": "logIn",',
        '"account": "logIn", "fields": ["id", "following"],',
      ),
    );
    expect(problems.map(summary)).toEqual([
      {
        file: 'config/routes/user.json',
        line: 24,
        column: 44,
        jsonPath: 'routes[1].fields[1]',
        message:
          '"following" is read from a relation, and an account route answers the account\'s own fields (and its url fields)',
      },
    ]);
    expect(problems[0].hint).toBe(
      'remove "following"; a route with "record": "currentUser" can send it.',
    );
  });

  it.each(['include', 'voter', 'query', 'partial', 'set', 'record'])(
    '"%s" on the sign-up route: one error, that account routes take no such option',
    (option) => {
      const value = {
        include: '["articles"]',
        voter: '"self"',
        query: '{ "filter": ["email"] }',
        partial: 'true',
        set: '{ "bio": "currentUser" }',
        record: '"currentUser"',
      }[option];
      const problems = problemsIn(
        publishingWith(
          'config/routes/user.json',
          '"account": "signUp",',
          `"account": "signUp", "${option}": ${value},`,
        ),
      );
      expect(problems.map((d) => [d.file, d.jsonPath, d.message])).toEqual([
        [
          'config/routes/user.json',
          `routes[0].${option}`,
          `"${option}" does not apply to an account route: appgen writes its whole work`,
        ],
      ]);
    },
  );
});
