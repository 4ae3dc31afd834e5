import { publishingArticlesProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

// The generated http.ts of the publishing example (Prisma), run as it is: retryWhenTaken runs a
// create whose new tags another request may be creating at the same moment (connectOrCreate)
// again, and stops at the first error no such race explains.
const files = renderFiles(publishingArticlesProject());
const content = (path: string) => files.get(path)?.content ?? '';
const http = evaluateModule('http.ts', content('src/appgen/http.ts'), {
  './securityHeaders': { withSecurityHeaders: (response: unknown) => response },
  './requestOrigin': { invalidHost: () => null },
  './probe': evaluateModule('probe.ts', content('src/appgen/probe.ts')),
  './cors': { preflightHeaders: () => ({}), withCors: (response: unknown) => response },
  'next/server': { NextResponse: { json: (body: unknown) => body } },
});
const retryWhenTaken = http.retryWhenTaken as <T>(
  field: string,
  write: () => Promise<T>,
) => Promise<T>;

/** A Prisma error as the client throws it: its code and metadata. */
const prismaError = (code: string, meta: Record<string, unknown>) =>
  Object.assign(new Error(code), { code, meta });

/** A write that fails with `errors` in turn, then answers "written"; and how often it ran. */
function failingFirst(...errors: Error[]) {
  const counter = { runs: 0 };
  const write = async () => {
    counter.runs++;
    const error = errors[counter.runs - 1];
    if (error) throw error;
    return 'written';
  };
  return { counter, write };
}

describe('retryWhenTaken (src/appgen/http.ts, Prisma)', () => {
  it('runs the write again when its connect of a new related record found fewer than it named', async () => {
    // PostgreSQL, eight creates at once with overlapping new tags: one answered 409 "A related
    // record does not exist" when this was not retried (tests/e2e/publishing.test.ts).
    const raced = prismaError('P2025', { expectedRows: 2 });
    const { counter, write } = failingFirst(raced, raced);
    await expect(retryWhenTaken('name', write)).resolves.toBe('written');
    expect(counter.runs).toBe(3);
  });

  it('runs it again for a unique violation on the field and a deadlock, as before', async () => {
    const taken = prismaError('P2002', { target: ['name'] });
    const deadlock = prismaError('P2034', {});
    const { counter, write } = failingFirst(taken, deadlock);
    await expect(retryWhenTaken('name', write)).resolves.toBe('written');
    expect(counter.runs).toBe(3);
  });

  it('answers at once for a missing record or another field taken, and gives up after ten runs', async () => {
    const missing = prismaError('P2025', { cause: 'No record was found for an update.' });
    const once = failingFirst(missing);
    await expect(retryWhenTaken('name', once.write)).rejects.toBe(missing);
    expect(once.counter.runs).toBe(1);

    const other = prismaError('P2002', { target: ['slug'] });
    const slug = failingFirst(other);
    await expect(retryWhenTaken('name', slug.write)).rejects.toBe(other);
    expect(slug.counter.runs).toBe(1);

    const raced = prismaError('P2025', { expectedRows: 1 });
    const always = failingFirst(...Array.from({ length: 12 }, () => raced));
    await expect(retryWhenTaken('name', always.write)).rejects.toBe(raced);
    expect(always.counter.runs).toBe(10);
  });
});
