import type { PlannedFile } from '../../../src/render/fileMap';
import { RenderMemo, type PreviousOutput } from '../../../src/render/renderMemo';
import type { TemplateOutput } from '../../../src/render/templateRegistry';

/**
 * RenderMemo's keys: an output is taken from disk only when its own context and the properties
 * of the project context it read are the same as when it was rendered, as rendering tells them apart.
 */

const FILE: PlannedFile = { content: 'on disk', owner: 'generated', sha256: 'x' };

/** Renders `output` once (reading `read` from the project), then asks a new memo whether `next` may be reused. */
function reusable(
  first: { context: object; project: object },
  next: { context: object; project: object },
  read: (project: Record<string, unknown>) => unknown = () => undefined,
): boolean {
  const output = (context: object): TemplateOutput => ({ path: 'a.ts', context, sources: [] });
  const memo = new RenderMemo('salt', new Map());
  memo.render('t.hbs', output(first.context), first.project, (context) => {
    const project =
      first.context === first.project ? context : (context as { project: object }).project;
    void read(project as Record<string, unknown>);
    return 'rendered';
  });
  const record = memo.records.get('a.ts');
  if (!record) return false;
  const previous: PreviousOutput = { record, onDisk: () => ({ planned: FILE, header: true }) };
  const again = new RenderMemo('salt', new Map([['a.ts', previous]]));
  return again.reuse('t.hbs', output(next.context), next.project) === FILE;
}

const route = (own: object, project: object) => ({ context: { ...own, project }, project });

describe('RenderMemo', () => {
  const project = { orm: 'prisma', models: [{ name: 'User' }], views: [] };

  it('reuses an output whose own context and reads are equal (other objects, same values)', () => {
    expect(
      reusable(
        route({ a: 1, b: ['x'] }, project),
        route({ a: 1, b: ['x'] }, { ...project }),
        (p) => p.orm,
      ),
    ).toBe(true);
  });

  it('renders again when the own context differs, as rendering could tell', () => {
    const cases: Array<[object, object]> = [
      [{ a: 1 }, { a: 2 }],
      [{ a: undefined }, {}],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [{ a: null }, { a: Number.NaN }],
      [{ a: [undefined] }, { a: [null] }],
      [{ a: '1' }, { a: 1 }],
    ];
    for (const [before, after] of cases)
      expect([before, after, reusable(route(before, project), route(after, project))]).toEqual([
        before,
        after,
        false,
      ]);
  });

  it('follows the project properties the template read, and only those', () => {
    const readOrm = (p: Record<string, unknown>) => p.orm;
    expect(reusable(route({}, project), route({}, { ...project, orm: 'drizzle' }), readOrm)).toBe(
      false,
    );
    expect(reusable(route({}, project), route({}, { ...project, models: [] }), readOrm)).toBe(true);
    // `in` and hasOwnProperty are reads too (Handlebars' strict mode and lookups use them).
    const has = (p: Record<string, unknown>) => Object.prototype.hasOwnProperty.call(p, 'views');
    expect(reusable(route({}, project), route({}, { ...project, views: [1] }), has)).toBe(false);
    const inCheck = (p: Record<string, unknown>) => 'extra' in p;
    expect(reusable(route({}, project), route({}, { ...project, extra: 1 }), inCheck)).toBe(false);
  });

  it('covers a template whose whole context is the project context', () => {
    const readModels = (p: Record<string, unknown>) => p.models;
    const copy = { ...project };
    expect(
      reusable({ context: project, project }, { context: copy, project: copy }, readModels),
    ).toBe(true);
    const other = { ...project, models: [{ name: 'Post' }] };
    expect(
      reusable({ context: project, project }, { context: other, project: other }, readModels),
    ).toBe(false);
  });

  it('keeps no record for a template that enumerated the project context, or for data that is not plain', () => {
    expect(reusable(route({}, project), route({}, project), (p) => Object.keys(p))).toBe(false);
    for (const own of [{ at: new Date(0) }, { f: () => 1 }, { m: new Map() }]) {
      expect(reusable(route(own, project), route(own, project))).toBe(false);
    }
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(reusable(route({ cycle }, project), route({ cycle }, project))).toBe(false);
  });

  it('renders again when the file on disk no longer holds what was generated', () => {
    const memo = new RenderMemo('salt', new Map());
    const output: TemplateOutput = { path: 'a.ts', context: { project }, sources: [] };
    memo.render('t.hbs', output, project, () => 'x');
    const record = memo.records.get('a.ts')!;
    const again = new RenderMemo('salt', new Map([['a.ts', { record, onDisk: () => undefined }]]));
    expect(again.reuse('t.hbs', output, project)).toBeUndefined();
    // Another salt (templates, appgen's code), template, path or sources: another key.
    const cases: Array<[string, string, TemplateOutput]> = [
      ['other', 't.hbs', output],
      ['salt', 'u.hbs', output],
      ['salt', 't.hbs', { ...output, path: 'b.ts' }],
      ['salt', 't.hbs', { ...output, sources: ['config/'] }],
    ];
    for (const [salt, template, changed] of cases) {
      const previous = new Map([
        [changed.path, { record, onDisk: () => ({ planned: FILE, header: true }) }],
      ]);
      expect(new RenderMemo(salt, previous).reuse(template, changed, project)).toBeUndefined();
    }
  });
});
