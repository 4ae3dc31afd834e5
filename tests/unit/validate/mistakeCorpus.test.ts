import type { Diagnostic } from '../../../src/diagnostics/diagnostic';
import { ConfigError } from '../../../src/diagnostics/diagnostic';
import { loadProject } from '../../../src/load/loadProject';
import { validateProject } from '../../../src/validate/validateProject';
import { MISTAKE_BLOG } from '../support/mistakeBlog';
import { makeProject, removeTempProjects, type ProjectFiles } from '../support/tempProject';
import { MISTAKES, type Mistake } from './mistakeCorpusCases';

// Issue 55 §3: realistic mistakes, each made once in the blog a newcomer builds. Each gives one
// error, where the mistake is, in appgen's own words, with a fix that is right: the test applies
// the value the error suggests (or, when the fix is an instruction, the correction the case
// carries) and `generate`'s validation then passes.
afterAll(removeTempProjects);

/** What `generate` validates: the project on disk, loaded and checked. */
function problemsOf(files: ProjectFiles): Diagnostic[] {
  try {
    validateProject(loadProject(makeProject(files)));
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.diagnostics;
    throw error;
  }
}

function replaceOnce(text: string, from: string, to: string, what: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0)
    throw new Error(`${what}: ${JSON.stringify(from)} must occur exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The blog with the mistake made: the edited (or added) file's text. */
function withMistake(mistake: Mistake): ProjectFiles {
  const files = { ...MISTAKE_BLOG };
  if (mistake.from === undefined) files[mistake.file] = mistake.to;
  else
    files[mistake.file] = replaceOnce(
      files[mistake.file] as string,
      mistake.from,
      mistake.to,
      mistake.name,
    );
  return files;
}

/** 1-based line and column of `offset` in `text`. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

function offsetOf(text: string, line: number, column: number): number {
  const lines = text.split('\n');
  return lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
}

/** Where the error must point: the case's `at` text, at or after the edit. */
function expectedLocation(mistake: Mistake, text: string): { line: number; column: number } {
  const start =
    mistake.from === undefined || mistake.errorIn
      ? 0
      : (MISTAKE_BLOG[mistake.file] as string).indexOf(mistake.from);
  const at = text.indexOf(mistake.at ?? mistake.to, start);
  if (at < 0) throw new Error(`${mistake.name}: ${mistake.at} is not in the edited file`);
  return lineColumn(text, at);
}

/** The value a fix names: `did you mean "x"?`, `write "x" ...`, `write 20, without quotes.` */
function suggestedValue(hint: string): string | undefined {
  const quoted = /^(?:did you mean|write) ("(?:[^"\\]|\\.)*")[?.;, ]/.exec(hint);
  if (quoted) return quoted[1];
  return /^write ([^\s,]+), without quotes\.$/.exec(hint)?.[1];
}

/** The file with the JSON value (or key) that starts at `offset` replaced by `replacement`. */
function replaceTokenAt(text: string, offset: number, replacement: string): string {
  let end = offset;
  if (text[offset] === '"') {
    end = offset + 1;
    while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    end += 1;
  } else {
    while (end < text.length && !/[\s,}\]]/.test(text[end])) end += 1;
  }
  return text.slice(0, offset) + replacement + text.slice(end);
}

const RAW_SCHEMA_WORDS =
  /oneOf|anyOf|allOf|additionalProperties|must match|must have required property|must NOT|should be/;

describe('a corpus of realistic mistakes: one error each, at the mistake, with a fix that is right', () => {
  it('has at least 60 mistakes, and the blog they are made in is valid', () => {
    expect(MISTAKES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(MISTAKES.map((m) => m.name)).size).toBe(MISTAKES.length);
    expect(problemsOf(MISTAKE_BLOG)).toEqual([]);
  });

  it.each(MISTAKES.map((mistake) => [mistake.name, mistake] as const))('%s', (_name, mistake) => {
    const files = withMistake(mistake);
    const text = files[mistake.file] as string;
    const errorFile = mistake.errorIn ?? mistake.file;
    const problems = problemsOf(files);
    const shown = problems.map(
      (d) => `${d.file}:${d.location?.line}:${d.location?.column} ${d.message} | ${d.hint}`,
    );
    expect(shown).toHaveLength(1);
    const [problem] = problems;
    expect({ file: problem.file, ...problem.location }).toEqual({
      file: errorFile,
      ...expectedLocation(mistake, files[errorFile] as string),
    });
    expect(`${problem.message} | ${problem.hint}`).not.toMatch(RAW_SCHEMA_WORDS);
    expect(problem.hint).toEqual(expect.any(String));
    const location = problem.location!;
    let fixed: ProjectFiles;
    if (mistake.fixed && 'moveTo' in mistake.fixed) {
      const { [mistake.file]: moved, ...others } = files;
      fixed = { ...others, [mistake.fixed.moveTo]: moved };
    } else if (mistake.fixed) {
      // The correction may belong in another file (e.g. the settings a route relies on).
      const { from, to, file = mistake.file } = mistake.fixed;
      const before = file === mistake.file ? text : (files[file] as string);
      fixed = { ...files, [file]: replaceOnce(before, from, to, mistake.name) };
    } else {
      const errorText = files[errorFile] as string;
      const value = suggestedValue(problem.hint!);
      expect(value).toBeDefined(); // else the case must carry the corrected edit
      fixed = {
        ...files,
        [errorFile]: replaceTokenAt(
          errorText,
          offsetOf(errorText, location.line, location.column),
          value!,
        ),
      };
    }
    expect(problemsOf(fixed).map((d) => `${d.file}:${d.location?.line} ${d.message}`)).toEqual([]);
  });
});

describe('mistakes in independent places are reported together', () => {
  const posts = MISTAKE_BLOG['config/routes/posts.json'] as string;
  const unknownResponse = {
    'config/routes/posts.json': posts.replace('"response": "Post[]"', '"response": "Psot[]"'),
  };
  const where = (d: Diagnostic) => `${d.file} ${d.message}`;

  it('an unknown response type beside a field type typo in a model file', () => {
    const problems = problemsOf({
      ...MISTAKE_BLOG,
      ...unknownResponse,
      'config/models/Comment.json': (MISTAKE_BLOG['config/models/Comment.json'] as string).replace(
        '"content": "text"',
        '"content": "txt"',
      ),
    });
    expect(problems.map(where)).toEqual([
      'config/models/Comment.json string "txt" is not allowed here',
      'config/routes/posts.json unknown model "Psot"',
    ]);
  });

  it('an unknown response type beside a view that is not valid JSON', () => {
    const view = MISTAKE_BLOG['config/views/newPost.json'] as string;
    const problems = problemsOf({
      ...MISTAKE_BLOG,
      ...unknownResponse,
      'config/views/newPost.json': view.replace('"Publish" }\n', '"Publish" },\n'),
    });
    expect(problems.map((d) => d.file)).toEqual([
      'config/views/newPost.json',
      'config/routes/posts.json',
    ]);
    expect(problems[1].message).toBe('unknown model "Psot"');
  });

  it('an unknown response type beside a view binding mistake', () => {
    const list = MISTAKE_BLOG['config/views/post.json'] as string;
    const problems = problemsOf({
      ...MISTAKE_BLOG,
      ...unknownResponse,
      'config/views/post.json': list.replace('"heading": "title"', '"heading": "titel"'),
    });
    expect(problems.map(where)).toEqual([
      'config/routes/posts.json unknown model "Psot"',
      'config/views/post.json heading "titel" is not a field of model Post',
    ]);
  });
});

describe('mistakes in two routes of one file are reported together', () => {
  it("a route's voter beside a view's heading bound to a sibling route", () => {
    const posts = (MISTAKE_BLOG['config/routes/posts.json'] as string).replace(
      '"auth": true, "voter": "owner:authorId"',
      '"auth": true, "voter": "owner:autorId"',
    );
    const page = (MISTAKE_BLOG['config/views/post.json'] as string).replace(
      '"heading": "title"',
      '"heading": "titel"',
    );
    const problems = problemsOf({
      ...MISTAKE_BLOG,
      'config/routes/posts.json': posts,
      'config/views/post.json': page,
    });
    expect(problems.map((d) => `${d.file} ${d.message}`)).toEqual([
      'config/routes/posts.json Post has no field "autorId"',
      'config/views/post.json heading "titel" is not a field of model Post',
    ]);
  });

  it("an unknown response type beside another route's body type typo", () => {
    const posts = (MISTAKE_BLOG['config/routes/posts.json'] as string)
      .replace('"response": "Post[]"', '"response": "Psot[]"')
      .replace('"body": { "type": "text"', '"body": { "type": "txt"');
    const problems = problemsOf({ ...MISTAKE_BLOG, 'config/routes/posts.json': posts });
    expect(problems.map((d) => `${d.jsonPath} ${d.message}`)).toEqual([
      'routes[2].body.body.type string "txt" is not allowed here',
      'routes[0].response unknown model "Psot"',
    ]);
  });
});
