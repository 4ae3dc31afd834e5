import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

type Result =
  { data: Record<string, unknown> } | { problems: string[]; fields: Record<string, string> };
type ValidateBody = (input: unknown, spec: Record<string, unknown>) => Result;
type Find = (ids: string[]) => Promise<Array<{ id: string }>>;
type RequireRecords = (
  model: string,
  ids: readonly string[] | undefined,
  find: Find,
) => Promise<void>;

// The generated src/appgen/body.ts and http.ts, run as they are.
const files = renderFiles(minimalProject());
const content = (path: string) => files.get(path)?.content ?? '';
const runtime = evaluateModule('body.ts', content('src/appgen/body.ts'), {
  './http': { jsonError: () => undefined },
});
const validateBody = runtime.validateBody as ValidateBody;
const http = evaluateModule('http.ts', content('src/appgen/http.ts'), {
  './securityHeaders': { withSecurityHeaders: (response: unknown) => response },
  './requestOrigin': { invalidHost: () => null },
  './probe': { isProbe: () => false },
  'next/server': { NextResponse: {} },
});
const requireRecords = http.requireRecords as RequireRecords;

const A = '0b7a2f4e-8a51-4a0e-9d62-3d7c1f0e5a11';
const B = '5c1d9e3b-2f6a-4b8c-a0d4-7e9f1b2c3d44';
const spec = {
  tags: { type: 'uuid[]', label: 'Tags', required: false, nullable: false, validators: [] },
};

describe('uuid[] body fields at run time', () => {
  it('takes a list of UUIDs, each once, in the order first given', () => {
    expect(validateBody({ tags: [B, A, B, A] }, spec)).toEqual({ data: { tags: [B, A] } });
    expect(validateBody({ tags: [] }, spec)).toEqual({ data: { tags: [] } });
  });

  it('leaves an absent list out (a PATCH keeps the links), and requires it when declared required', () => {
    expect(validateBody({}, spec)).toEqual({ data: {} });
    expect(validateBody({}, { tags: { ...spec.tags, required: true } })).toMatchObject({
      problems: ['Tags is required.'],
    });
  });

  it.each([
    ['a string', A],
    ['a list with a non-UUID', [A, 'not-a-uuid']],
    ['a list with a number', [A, 42]],
    ['a list of lists', [[A]]],
    ['an object', { 0: A }],
  ])('refuses %s', (_what, value) => {
    expect(validateBody({ tags: value }, spec)).toMatchObject({
      problems: ['Tags must be a list of UUIDs.'],
    });
  });

  it('refuses null: a list field is never nullable', () => {
    expect(validateBody({ tags: null }, spec)).toEqual({
      problems: ['Tags is required.'],
      fields: { tags: 'Tags is required.' },
    });
  });

  it('takes at most 1000 entries, and says so', () => {
    expect(runtime.MAX_LIST_ITEMS).toBe(1000);
    expect(validateBody({ tags: Array(1000).fill(A) }, spec)).toEqual({ data: { tags: [A] } });
    expect(validateBody({ tags: Array(1001).fill(A) }, spec)).toMatchObject({
      problems: ['Tags must be a list of at most 1000 UUIDs.'],
    });
  });
});

describe('requireRecords: the check before a write links records', () => {
  const existing = new Set([A]);
  const find = jest.fn<ReturnType<Find>, Parameters<Find>>(async (ids) =>
    ids.filter((id) => existing.has(id)).map((id) => ({ id })),
  );
  beforeEach(() => find.mockClear());

  it('passes when every id names a record, asking once for all of them', async () => {
    await expect(requireRecords('Tag', [A], find)).resolves.toBeUndefined();
    expect(find).toHaveBeenCalledWith([A]);
  });

  it('answers 409 naming the model and every missing id, in the order given', async () => {
    const C = B.replace('5c', '6d');
    await expect(requireRecords('Tag', [B, A, C], find)).rejects.toMatchObject({
      status: 409,
      message: `Tag not found: ${B}, ${C}`,
    });
  });

  it('asks nothing for an absent or empty list', async () => {
    await requireRecords('Tag', undefined, find);
    await requireRecords('Tag', [], find);
    expect(find).not.toHaveBeenCalled();
  });
});

describe('Prisma errors of a write that links records (src/appgen/http.ts, orm prisma)', () => {
  type Handle = (
    request: Request,
    work: () => Promise<Response>,
  ) => Promise<{ status: number; body: unknown }>;
  const request = new Request('http://localhost/api/posts/1?token=secret', { method: 'PATCH' });
  const prismaHttp = evaluateModule('http.ts', content('src/appgen/http.ts'), {
    './securityHeaders': { withSecurityHeaders: (response: unknown) => response },
    './requestOrigin': { invalidHost: () => null },
    './probe': { isProbe: () => false },
    'next/server': {
      NextResponse: {
        json: (body: unknown, init: { status: number }) => ({ status: init.status, body }),
      },
    },
  });
  const handle = prismaHttp.handle as Handle;
  // Prisma 7's errors, as measured: a nested connect/set short of records, and an update of no record.
  const shortConnect = {
    code: 'P2025',
    meta: { modelName: 'Post', expectedRows: 1 },
    message: 'Expected 1 records to be connected, found only 0.',
  };
  const noRecord = {
    code: 'P2025',
    meta: { modelName: 'Post', operation: 'an update' },
    message: 'No record was found for an update.',
  };

  it('answers a linked record that went missing after the check with 409, a missing record with 404', async () => {
    expect(await handle(request, async () => Promise.reject(shortConnect))).toEqual({
      status: 409,
      body: { error: 'A related record does not exist or is still referenced' },
    });
    expect(await handle(request, async () => Promise.reject(noRecord))).toEqual({
      status: 404,
      body: { error: 'Not found' },
    });
  });

  it("logs an unexpected error with the request's method and path (not its query) and answers 500", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const failure = new Error('boom');
      expect(await handle(request, async () => Promise.reject(failure))).toEqual({
        status: 500,
        body: { error: 'Internal server error' },
      });
      expect(logged.mock.calls).toEqual([
        ['[appgen] unexpected error in PATCH /api/posts/1:', failure],
      ]);
      // The form of route templates ejected before the request was passed still works.
      const handleWithoutRequest = prismaHttp.handle as (
        work: () => Promise<Response>,
      ) => Promise<{ status: number; body: unknown }>;
      expect(await handleWithoutRequest(async () => Promise.reject(failure))).toEqual({
        status: 500,
        body: { error: 'Internal server error' },
      });
      expect(logged.mock.calls[1]).toEqual([
        '[appgen] unexpected error in route handler:',
        failure,
      ]);
    } finally {
      logged.mockRestore();
    }
  });
});
