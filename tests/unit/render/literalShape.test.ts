import { layoutLiteral } from '../../../src/render/layoutLiteral';
import { literalShape, withNames } from '../../../src/render/literalShape';

describe('literalShape', () => {
  it('replaces each name of three or more characters by a mark of its length and case', () => {
    const shape = literalShape(
      'db.article.findMany({ where: { authorId: userId }, take: 20 })',
      '',
    );
    expect(shape?.text).toBe('db.q000000.q0000001({ q0002: { q0000003: q00004 }, q005: 20 })');
    expect(shape?.names).toEqual(['article', 'findMany', 'where', 'authorId', 'userId', 'take']);
    expect(literalShape('new Article({ title: "Post 12" })', '')?.text).toBe(
      'new Q000000({ q0001: "Post 12" })',
    );
  });

  it('keeps strings, template literals, numbers, short names and the words the layout reads', () => {
    expect(
      literalShape('await f(a, "longer name", `${value}`, 1e21, x as unknown)', ''),
    ).toBeNull();
  });

  it('gives up when a mark could be mistaken for text already there', () => {
    expect(literalShape('{ q000: 1, other: 2 }', '')).toBeNull();
    expect(literalShape('{ first: 1 }', 'const q0000 = ')).toBeNull();
  });

  it('puts the names back in order into the layout of the shape', () => {
    const shape = literalShape('{ alpha: [beta, gamma] }', '')!;
    expect(withNames('{\n  q0000: [q001, q0002],\n}', shape)).toBe('{\n  alpha: [beta, gamma],\n}');
  });
});

describe('layoutLiteral through shapes', () => {
  it('lays out literals that differ only by their names as each alone would', () => {
    const literal = (model: string) =>
      `{ where: { id: params.id }, include: { ${model}Author: true, ${model}Tags: { select: { name: true, slug: true } } } }`;
    const first = layoutLiteral(literal('article'), 4, 'const record = await db.findUnique(', ');');
    // Another model's: the same shape when the names have the same lengths, laid out from the memo.
    const second = layoutLiteral(
      literal('comment'),
      4,
      'const record = await db.findUnique(',
      ');',
    );
    expect(second).toBe(first.replace(/article/g, 'comment'));
    // A capital changes the shape (prettier's member chains read it), and a longer name the widths.
    expect(
      layoutLiteral(literal('Post'), 4, 'const record = await db.findUnique(', ');'),
    ).toContain('PostAuthor: true');
    // Names 40 characters long no longer fit the include on one line: another shape, broken.
    const long = layoutLiteral(
      literal('a'.repeat(40)),
      4,
      'const record = await db.findUnique(',
      ');',
    );
    expect(first).not.toContain('include: {\n');
    expect(long).toContain(`include: {\n        ${'a'.repeat(40)}Author: true,\n`);
  });
});
