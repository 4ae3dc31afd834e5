import { publishingArticlesProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

// The generated slug.ts, params.ts and query.ts of the publishing example, run as they are, on
// the texts their checks would backtrack most on (issue 36): each answers in time in proportion
// to the text. The bound is loose: linear work takes milliseconds, backtracking far longer.
const files = renderFiles(publishingArticlesProject());
const content = (file: string) => files.get(`src/appgen/${file}`)?.content ?? '';
const jsonError = (status: number, message: string) => ({ status, body: { error: message } });
const body = evaluateModule('body.ts', content('body.ts'), { './http': { jsonError } });
const slug = evaluateModule('slug.ts', content('slug.ts'), {
  './http': { isUniqueViolation: () => false },
});
const params = evaluateModule('params.ts', content('params.ts'), {
  './body': body,
  './http': { jsonError },
});
const query = evaluateModule('query.ts', content('query.ts'), {
  './body': body,
  './http': { jsonError },
  './rangeHeader': evaluateModule('rangeHeader.ts', content('rangeHeader.ts'), {}),
});
const slugify = slug.slugify as (text: string | null, fallback: string) => string;
const readListQuery = query.readListQuery as (request: Request, spec: unknown) => { ok: boolean };

const MIB = 1_048_576;
const timed = <T>(work: () => T): { result: T; ms: number } => {
  const started = performance.now();
  const result = work();
  return { result, ms: performance.now() - started };
};

describe('slugify', () => {
  it.each([
    ['Héllo, World!', 'hello-world'],
    ['  --Ça va?  ', 'ca-va'],
    ['ﬁnal İstanbul', 'final-istanbul'],
    ['!!!', 'fallback'],
    [`${'a'.repeat(79)} b`, 'a'.repeat(79)],
    [`${'a'.repeat(80)}b`, 'a'.repeat(80)],
  ])('makes %j into %j', (text, expected) => {
    expect(slugify(text, 'fallback')).toBe(expected);
  });

  it.each([
    ['a run of "-" between letters', `a${'-'.repeat(MIB)}a`, 'a-a'],
    ['a run of punctuation', `${'!'.repeat(MIB)}a`, 'a'],
    ['accents', `${'é!'.repeat(MIB / 2)}`, `${'e-'.repeat(40)}`.slice(0, 79)],
  ])('answers at once on 1 MiB of %s', (_what, text, expected) => {
    const { result, ms } = timed(() => slugify(text, 'fallback'));
    expect(result).toBe(expected);
    expect(ms).toBeLessThan(1000);
  });
});

describe('path parameters and list filters', () => {
  it.each([
    ['isUuid', `00000000-0000-0000-0000-${'0'.repeat(MIB)}`],
    ['isIntParam', '1'.repeat(MIB)],
    ['isTextParam', `${'a'.repeat(MIB)}\u0000`],
  ])('%s answers at once on 1 MiB', (name, text) => {
    const { result, ms } = timed(() => (params[name] as (value: string) => boolean)(text));
    expect(result).toBe(false);
    expect(ms).toBeLessThan(1000);
  });

  it.each([
    ['int', '9'.repeat(MIB)],
    ['uuid', 'f'.repeat(MIB)],
    ['datetime', `2000-01-01T00:00:00.${'1'.repeat(MIB)}Z`],
  ])('a %s filter answers 400 at once to 1 MiB', (type, text) => {
    const spec = {
      filters: { value: { type } },
      sorts: [],
      defaultSort: null,
      pageSize: 20,
      maxPageSize: 100,
    };
    const request = new Request(`http://127.0.0.1/api?value=${text}&limit=${'1'.repeat(MIB)}`);
    const { result, ms } = timed(() => readListQuery(request, spec));
    expect(result).toMatchObject({ ok: false, response: { status: 400 } });
    expect(ms).toBeLessThan(1000);
  });

  it.each([
    ['a value without a unit', `${'a'.repeat(MIB)}-1`],
    ['a range without its end', `posts=${'1'.repeat(MIB)}`],
    ['a long range', `posts= ${'1'.repeat(MIB)}-${' '.repeat(MIB)}x`],
  ])("a simple-rest list's Range header answers 400 at once to %s of 1 MiB", (_name, header) => {
    const spec = {
      filters: {},
      sorts: [],
      defaultSort: null,
      pageSize: 20,
      maxPageSize: 100,
      style: 'simple-rest',
      resource: 'posts',
    };
    const request = new Request('http://127.0.0.1/api', { headers: { range: header } });
    const { result, ms } = timed(() => readListQuery(request, spec));
    expect(result).toMatchObject({ ok: false, response: { status: 400 } });
    expect(ms).toBeLessThan(1000);
  });
});
