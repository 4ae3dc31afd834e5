import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

type Result =
  { data: Record<string, unknown> } | { problems: string[]; fields: Record<string, string> };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };
type ReadBody = (
  request: Request,
  spec: Record<string, unknown>,
) => Promise<{ ok: true; data: unknown } | { ok: false; response: Answer }>;

// The generated src/appgen/body.ts and http.ts, run as they are (issue 15, items 4, 5 and 8).
const files = renderFiles(minimalProject());
const content = (path: string) => files.get(path)?.content ?? '';
const jsonError = (status: number, message: string): Answer => ({
  status,
  body: { error: message },
});
const runtime = evaluateModule('body.ts', content('src/appgen/body.ts'), {
  './http': { jsonError },
});
const validateBody = runtime.validateBody as (
  input: unknown,
  spec: Record<string, unknown>,
  envelope?: string,
) => Result;
const parseIsoDate = runtime.parseIsoDate as (text: string) => Date | undefined;
const readBody = runtime.readBody as ReadBody;

const field = (type: string, label: string) => ({
  type,
  label,
  required: false,
  nullable: false,
  validators: [],
});
const spec = {
  name: field('string', 'Name'),
  note: field('text', 'Note'),
  due: field('datetime', 'Due'),
  meta: field('json', 'Meta'),
};
const DATE_ERROR =
  'Due must be an ISO 8601 date (1999-12-31 or 1999-12-31T23:59:59Z) from year 0100 to 9999.';
const MIB = 1_048_576;

describe('datetime: ISO 8601 only, real dates, years 0100 to 9999', () => {
  it.each([
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2024-01-31T12:30+02:00', '2024-01-31T10:30:00.000Z'],
    ['2024-01-31T12:30:15.123456-05:30', '2024-01-31T18:00:15.123Z'],
    ['0100-01-01T00:00:00Z', '0100-01-01T00:00:00.000Z'],
    ['0100-01-01T00:30:00+00:30', '0100-01-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['2000-02-29T00:00:00Z', '2000-02-29T00:00:00.000Z'],
  ])('takes %j as %j', (text, iso) => {
    expect(parseIsoDate(text)?.toISOString()).toBe(iso);
    expect(validateBody({ due: text }, spec)).toEqual({ data: { due: iso } });
  });

  it.each([
    '1',
    '2030',
    'Tue, 01 Oct 2024 10:00:00 GMT',
    '2024-02-30',
    '2023-02-29',
    '1900-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-01-01T24:00:00Z',
    '2024-01-01T23:60:00Z',
    '2024-01-01T23:59:60Z',
    '2024-01-01T10:00:00',
    '2024-01-01T10:00:00+2400',
    '2024-01-01T10:00:00+24:00',
    '2024-01-01 10:00:00Z',
    '0000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '0099-12-31T23:59:59.999Z',
    '0100-01-01T00:30:00+01:00',
    '9999-12-31T23:30:00-01:00',
    ' 2024-01-01',
  ])('refuses %j', (text) => {
    expect(parseIsoDate(text)).toBeUndefined();
    expect(validateBody({ due: text }, spec)).toEqual({
      problems: [DATE_ERROR],
      fields: { due: DATE_ERROR },
    });
  });
});

describe('text every database stores alike', () => {
  const TEXT_ERROR = 'must not contain U+0000 or an unpaired surrogate';

  it.each([
    ['U+0000 in a string', { name: 'a\u0000' }, 'name', `Name ${TEXT_ERROR}.`],
    ['a lone high surrogate in a text', { note: 'a\ud800' }, 'note', `Note ${TEXT_ERROR}.`],
    ['a lone low surrogate in a string', { name: '\udc00b' }, 'name', `Name ${TEXT_ERROR}.`],
    ['U+0000 in a json string', { meta: { a: ['\u0000'] } }, 'meta', `Meta ${TEXT_ERROR}.`],
    ['a lone surrogate in a json key', { meta: { '\ud800': 1 } }, 'meta', `Meta ${TEXT_ERROR}.`],
  ])('refuses %s', (_what, input, key, problem) => {
    expect(validateBody(input, spec)).toEqual({ problems: [problem], fields: { [key]: problem } });
  });

  it('takes paired surrogates', () => {
    expect(validateBody({ name: '😀', meta: { '😀': ['😀'] } }, spec)).toEqual({
      data: { name: '😀', meta: { '😀': ['😀'] } },
    });
  });
});

describe('json nesting', () => {
  // An object holding an array per level: 50 of them nest 100 levels deep.
  const nested = (levels: number): unknown => (levels === 0 ? 1 : { a: [nested(levels - 1)] });
  const arrays = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels));

  it('takes 100 levels and refuses 101 or 5,000', () => {
    expect(runtime.MAX_JSON_DEPTH).toBe(100);
    expect(validateBody({ meta: arrays(100) }, spec)).toEqual({ data: { meta: arrays(100) } });
    expect(validateBody({ meta: nested(50) }, spec)).toEqual({ data: { meta: nested(50) } });
    for (const levels of [101, 5000])
      expect(validateBody({ meta: arrays(levels) }, spec)).toMatchObject({
        problems: ['Meta must be nested at most 100 levels deep.'],
      });
  });
});

describe('validators on a 1 MiB worst case (issue 36): time in proportion to the text', () => {
  // Each value is the one its former check backtracked most on (the e-mail pattern took seconds
  // at 40,000 characters, minutes at 1 MiB, holding the server). The bound is loose: a check in
  // linear time takes milliseconds; a backtracking one takes far longer than a second.
  const SIZE = MIB;
  const text = (validators: unknown[], type = 'string') => ({
    value: { type, label: 'Value', required: true, nullable: false, validators },
  });
  const timed = (input: unknown, fieldSpec: Record<string, unknown>) => {
    const started = performance.now();
    const result = validateBody({ value: input }, fieldSpec);
    return { result, ms: performance.now() - started };
  };
  const oldEmailPattern = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

  it.each([
    ['notEmpty', [['notEmpty']], ' '.repeat(SIZE)],
    ['isEmail', [['isEmail']], `a@${'.'.repeat(SIZE)}@`],
    ['isEmail', [['isEmail']], `a@${'a.'.repeat(SIZE / 2)}`],
    ['isEmail', [['isEmail']], '@'.repeat(SIZE)],
    ['isUrl', [['isUrl']], `http://${'é.'.repeat(SIZE / 2)}`],
    ['isUrl', [['isUrl']], `http://${'@'.repeat(SIZE)}`],
    ['isUuid', [['isUuid']], `00000000-0000-0000-0000-${'0'.repeat(SIZE)}`],
    ['isAlphanumeric', [['isAlphanumeric']], `${'a'.repeat(SIZE)}!`],
    ['isLowercase', [['isLowercase']], `${'a'.repeat(SIZE)}A`],
    ['isUppercase', [['isUppercase']], `${'A'.repeat(SIZE)}a`],
    ['minLength', [['minLength', SIZE]], '😀'.repeat(SIZE / 4)],
    ['maxLength', [['maxLength', 10]], '😀'.repeat(SIZE / 4)],
    ['matches (square-time pattern)', [['matches', oldEmailPattern]], `a@${'.'.repeat(SIZE)}@`],
    ['matches (exponential pattern)', [['matches', '^(a+)+$']], `${'a'.repeat(SIZE)}!`],
    ['isIn', [['isIn', ['a'.repeat(SIZE - 1), 'b']]], 'a'.repeat(SIZE)],
  ])('%s answers at once', (_name, validators, value) => {
    const { result, ms } = timed(value, text(validators));
    expect(result).toMatchObject({ problems: [expect.stringMatching(/^Value .*\.$/)] });
    expect(ms).toBeLessThan(1000);
  });

  it.each([
    ['min', [['min', 1]], -Number.MAX_VALUE, 'float'],
    ['max', [['max', 1]], Number.MAX_VALUE, 'float'],
    ['isPositive', [['isPositive']], -Number.MAX_VALUE, 'float'],
    ['isFuture', [['isFuture']], '1'.repeat(SIZE), 'datetime'],
    ['isPast', [['isPast']], `2000-01-01T00:00:00${'0'.repeat(SIZE)}Z`, 'datetime'],
  ])('%s answers at once', (_name, validators, value, type) => {
    const { result, ms } = timed(value, text(validators, type));
    expect(result).toMatchObject({ problems: [expect.stringMatching(/^Value .*\.$/)] });
    expect(ms).toBeLessThan(1000);
  });

  it('bounds isEmail at 254 bytes, isUrl at 8,000 and the text a pattern reads at 1,000 characters', () => {
    const email = (local: string) => `${local}@example.com`;
    expect(validateBody({ value: email('a'.repeat(242)) }, text([['isEmail']]))).toMatchObject({
      data: {},
    });
    expect(validateBody({ value: email('a'.repeat(243)) }, text([['isEmail']]))).toMatchObject({
      problems: ['Value must be an email address.'],
    });
    const url = (length: number) => `https://a.example/${'x'.repeat(length - 18)}`;
    expect(validateBody({ value: url(8000) }, text([['isUrl']]))).toMatchObject({ data: {} });
    expect(validateBody({ value: url(8001) }, text([['isUrl']]))).toMatchObject({
      problems: ['Value must be an http or https URL.'],
    });
    const pattern = [['matches', '^\\p{L}+$']];
    expect(validateBody({ value: '😀'.repeat(1000) }, text(pattern))).toMatchObject({
      problems: ['Value has an invalid format.'],
    });
    expect(validateBody({ value: 'é'.repeat(1000) }, text(pattern))).toMatchObject({ data: {} });
    expect(validateBody({ value: 'é'.repeat(1001) }, text(pattern))).toMatchObject({
      problems: ['Value is too long to check its format (at most 1000 characters).'],
    });
  });

  it.each([
    ['a@b.co', true],
    ['first.last+tag@sub.example.org', true],
    ['ü@bücher.de', true],
    ['a@b.c.d', true],
    ['a@.b.c', true],
    ['@b.co', false],
    ['a@b', false],
    ['a@.co', false],
    ['a@b.', false],
    ['a@@b.co', false],
    ['a@b@c.co', false],
    ['a b@c.co', false],
    ['a@b.c\u00a0', false],
    ['a@b.c\n', false],
  ])('isEmail on %j: %s (as the former pattern)', (value, passes) => {
    const result = validateBody({ value }, text([['isEmail']]));
    expect('data' in result).toBe(passes);
    expect(new RegExp(oldEmailPattern).test(value)).toBe(passes);
  });
});

describe('readBody', () => {
  const post = (body: RequestInit['body'], type = 'application/json', init: RequestInit = {}) =>
    new Request('http://127.0.0.1/api', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
      duplex: 'half',
      ...init,
    } as RequestInit);
  const stream = (chunks: Iterable<Uint8Array>, onCancel?: () => void) => {
    const iterator = chunks[Symbol.iterator]();
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel: onCancel,
    });
  };

  it.each(['application/json-seq', 'text/plain', 'application/jsonp', 'application/x-json', ''])(
    'answers 415 to Content-Type %j',
    async (type) => {
      const answer = await readBody(post('{}', type), spec);
      expect(answer).toEqual({
        ok: false,
        response: { status: 415, body: { error: 'Content-Type must be application/json' } },
      });
    },
  );

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/vnd.api+json',
    'application/problem+json;charset=utf-8',
  ])('takes Content-Type %j', async (type) => {
    expect(await readBody(post('{"name":"a"}', type), spec)).toEqual({
      ok: true,
      data: { name: 'a' },
    });
  });

  it('stops reading a body without end at the limit and answers 413', async () => {
    let pulled = 0;
    let cancelled = false;
    function* endless() {
      for (;;) {
        pulled += 65_536;
        yield new Uint8Array(65_536).fill(32);
      }
    }
    const answer = await readBody(post(stream(endless(), () => (cancelled = true))), spec);
    expect(answer).toEqual({
      ok: false,
      response: { status: 413, body: { error: `Request body is larger than ${MIB} bytes` } },
    });
    expect(pulled).toBeLessThanOrEqual(MIB + 2 * 65_536);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cancelled).toBe(true);
  });

  it.each([
    ['a lone surrogate (ED A0 80)', [0xed, 0xa0, 0x80]],
    ['a cut character (E2 82)', [0xe2, 0x82]],
    ['an overlong "/" (C0 AF)', [0xc0, 0xaf]],
    ['a byte no UTF-8 has (FF)', [0xff]],
  ])('answers 400 to a body that is not UTF-8: %s inside a string', async (_what, bytes) => {
    const body = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from(bytes), Buffer.from('"}')]);
    expect(await readBody(post(stream([body])), spec)).toEqual({
      ok: false,
      response: { status: 400, body: { error: 'Request body is not valid UTF-8' } },
    });
  });

  it('takes exactly 1 MiB and decodes characters split across chunks', async () => {
    const text = JSON.stringify({ note: 'é€😀'.repeat(1000) });
    const bytes = new TextEncoder().encode(text);
    const pieces = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) =>
      bytes.subarray(i * 7, i * 7 + 7),
    );
    expect(await readBody(post(stream(pieces)), spec)).toEqual({
      ok: true,
      data: { note: 'é€😀'.repeat(1000) },
    });
    const exact = new TextEncoder().encode(`{"note":"${'x'.repeat(MIB - 11)}"}`);
    expect(exact.length).toBe(MIB);
    expect(await readBody(post(stream([exact])), spec)).toMatchObject({ ok: true });
    expect(await readBody(post(stream([exact, new Uint8Array([32])])), spec)).toMatchObject({
      ok: false,
      response: { status: 413 },
    });
  });
});

describe('methods a route does not declare (src/appgen/http.ts)', () => {
  const probe = evaluateModule('probe.ts', content('src/appgen/probe.ts'));
  const http = evaluateModule('http.ts', content('src/appgen/http.ts'), {
    './securityHeaders': { withSecurityHeaders: (response: unknown) => response },
    './requestOrigin': { invalidHost: () => null },
    './probe': probe,
    'next/server': {
      NextResponse: {
        json: (body: unknown, init: { status: number; headers?: Record<string, string> }) => ({
          status: init.status,
          body,
          headers: init.headers,
        }),
      },
    },
  });

  it("answers a voter's refusal 403 Forbidden, and logs the rule, where it is written and whom; not for a probe", () => {
    type Forbidden = (
      request: Request,
      rule: { voter: string; source: string },
      userId: string | null,
    ) => Answer;
    const forbidden = http.forbidden as Forbidden;
    const rule = { voter: 'owner:authorId', source: 'config/routes/posts.json routes[3].voter' };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const request = () => new Request('http://localhost/api/posts/7?x=1', { method: 'PATCH' });
      expect(forbidden(request(), rule, 'u-1')).toMatchObject({
        status: 403,
        body: { error: 'Forbidden' },
      });
      expect(forbidden(request(), rule, null)).toMatchObject({ status: 403 });
      const probed = (probe.probeRequest as (r: Request) => Request)(request());
      expect(forbidden(probed, rule, 'u-1')).toMatchObject({ status: 403 });
      expect(warn.mock.calls).toEqual([
        [
          '[appgen] 403 PATCH /api/posts/7: config/routes/posts.json routes[3].voter "owner:authorId" refused user u-1',
        ],
        [
          '[appgen] 403 PATCH /api/posts/7: config/routes/posts.json routes[3].voter "owner:authorId" refused a signed-out caller',
        ],
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it('names what decided a refusal in the answer too in development (next dev), not in production nor to a probe', () => {
    type Refuse = (request: Request, decided: string, message?: string) => Answer;
    const refuse = http.refuse as Refuse;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const environment = process.env.NODE_ENV;
    const request = () => new Request('http://localhost/api/memos/7', { method: 'DELETE' });
    const decided = 'config/models/Memo.json access[6] denies delete, for user u-1 (role member)';
    try {
      (process.env as Record<string, string>).NODE_ENV = 'development';
      expect(refuse(request(), decided)).toEqual({
        status: 403,
        body: { error: 'Forbidden', decidedBy: decided },
        headers: undefined,
      });
      expect(refuse(request(), decided, 'Forbidden: you may not write "note"').body).toEqual({
        error: 'Forbidden: you may not write "note"',
        decidedBy: decided,
      });
      const probed = (probe.probeRequest as (r: Request) => Request)(request());
      expect(refuse(probed, decided).body).toEqual({ error: 'Forbidden' });
      (process.env as Record<string, string>).NODE_ENV = 'production';
      expect(refuse(request(), decided).body).toEqual({ error: 'Forbidden' });
      expect(warn).toHaveBeenCalledTimes(3);
      expect(warn).toHaveBeenLastCalledWith(`[appgen] 403 DELETE /api/memos/7: ${decided}`);
    } finally {
      (process.env as Record<string, string | undefined>).NODE_ENV = environment;
      warn.mockRestore();
    }
  });

  it('answers 405 with { error } and Allow', () => {
    const refuse = (http.methodNotAllowed as (allow: string) => () => Answer)(
      'GET, HEAD, OPTIONS, POST',
    );
    expect(refuse()).toEqual({
      status: 405,
      body: { error: 'Method not allowed' },
      headers: { allow: 'GET, HEAD, OPTIONS, POST' },
    });
  });

  it('answers OPTIONS with 204 and Allow', () => {
    const options = (http.allowedMethods as (allow: string) => () => Response)(
      'GET, HEAD, OPTIONS',
    )();
    expect([options.status, options.headers.get('allow')]).toEqual([204, 'GET, HEAD, OPTIONS']);
  });
});

// Issue 50 §4: the messages are sentences a form's visitor reads, and each failing field has its
// own under `fields`, so a form shows every one under its input.
describe('the problems of a body: sentences, one per field', () => {
  const rules = (overrides: Record<string, unknown>) => ({
    ...field('string', 'Title'),
    required: true,
    validators: [['notEmpty']],
    ...overrides,
  });
  const form = {
    title: rules({}),
    authorEmail: rules({ label: 'Author email', validators: [['isEmail']] }),
    note: rules({ label: 'Note', required: false, nullable: true, validators: [] }),
  };

  it('names every failing field in its own sentence', () => {
    expect(validateBody({ title: ' ', authorEmail: 'nobody' }, form)).toEqual({
      problems: ['Title must not be empty.', 'Author email must be an email address.'],
      fields: {
        title: 'Title must not be empty.',
        authorEmail: 'Author email must be an email address.',
      },
    });
  });

  it('says a field emptied to null is required, and stores null where it may be', () => {
    expect(validateBody({ title: null, authorEmail: 'a@b.co' }, form)).toEqual({
      problems: ['Title is required.'],
      fields: { title: 'Title is required.' },
    });
    expect(validateBody({ title: 'T', authorEmail: 'a@b.co', note: null }, form)).toEqual({
      data: { title: 'T', authorEmail: 'a@b.co', note: null },
    });
  });

  it('names a field under an envelope by its path, and an item of a list by its place', () => {
    expect(validateBody({ user: { title: 'T' } }, form, 'user')).toMatchObject({
      fields: { 'user.authorEmail': 'Author email is required.' },
    });
    expect(validateBody({}, form, 'user')).toEqual({
      problems: ['"user" is required.'],
      fields: { user: '"user" is required.' },
    });
    const tags = { tags: { ...field('string[]', 'Tags'), validators: [['notEmpty']] } };
    expect(validateBody({ tags: ['go', ' '] }, tags)).toEqual({
      problems: ['Tags: item 2 must not be empty.'],
      fields: { tags: 'Tags: item 2 must not be empty.' },
    });
  });

  it('has no field to name when the body is not an object', () => {
    expect(validateBody([], form)).toEqual({
      problems: ['The body must be a JSON object.'],
      fields: {},
    });
  });
});
