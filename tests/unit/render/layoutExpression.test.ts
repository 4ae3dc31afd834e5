import { layoutExpression } from '../../../src/render/layoutExpression';

// The `expression` helper: an access rule's condition written on one line, with the parentheses
// its partials bring along, laid out as prettier lays it out with a print width of 100
// (tests/unit/golden/goldenLayout.test.ts checks the golden cases' rules with prettier).
describe('layoutExpression', () => {
  it('writes parentheses where prettier does: none around arguments and bodies', () => {
    expect(
      layoutExpression(
        '(caller) => (caller.role !== null && ["a"].includes(caller.role))',
        4,
        'byCaller: ',
        ',',
      ),
    ).toBe('    byCaller: (caller) => caller.role !== null && ["a"].includes(caller.role),');
    expect(
      layoutExpression('(caller) => holdsAny((caller.id === null ? false : null), (x))', 0),
    ).toBe('(caller) => holdsAny(caller.id === null ? false : null, x)');
    // A conditional body on one line is in parentheses.
    expect(layoutExpression('(caller) => caller.id === null ? A : f(caller.id)', 0)).toBe(
      '(caller) => (caller.id === null ? A : f(caller.id))',
    );
    expect(layoutExpression('() => ({ id: null })', 0)).toBe('() => ({ id: null })');
  });

  it('keeps the parentheses the meaning needs, and those prettier adds to mixed && and ||', () => {
    expect(layoutExpression('(r) => ((a && b) || (c && d))', 0)).toBe(
      '(r) => (a && b) || (c && d)',
    );
    expect(layoutExpression('(r) => (a || b) && c', 0)).toBe('(r) => (a || b) && c');
    expect(layoutExpression('(r) => !((a && b))', 0)).toBe('(r) => !(a && b)');
    expect(layoutExpression('(r) => a && (b && c)', 0)).toBe('(r) => a && b && c');
    expect(layoutExpression('(r) => a === (b === c)', 0)).toBe('(r) => a === (b === c)');
    expect(layoutExpression('(r) => (a && b) && c', 0)).toBe('(r) => a && b && c');
    expect(layoutExpression('(r) => ((a && b) as T)', 0)).toBe('(r) => (a && b) as T');
    expect(layoutExpression('(r) => (a ?? b).c(d)', 0)).toBe('(r) => (a ?? b).c(d)');
    expect(layoutExpression('(r) => (a ? b : c) && d', 0)).toBe('(r) => (a ? b : c) && d');
  });

  it('breaks after the arrow, then calls one argument a line and && or || one operand a line', () => {
    const rule =
      '(record, caller) => ((caller.id !== null && record.id === caller.id) || (caller.role !== null && ["admin"].includes(caller.role)))';
    expect(layoutExpression(rule, 4, 'read: ', ',')).toBe(
      [
        '    read: (record, caller) =>',
        '      (caller.id !== null && record.id === caller.id) ||',
        '      (caller.role !== null && ["admin"].includes(caller.role)),',
      ].join('\n'),
    );
    const when =
      '(caller) => (or(caller.id === null ? NO_RECORDS : eq(tables.post.authorId, caller.id), caller.role !== null && ["admin"].includes(caller.role) ? ALL_RECORDS : NO_RECORDS) as SQL)';
    expect(layoutExpression(when, 4, 'when: ', ',')).toBe(
      [
        '    when: (caller) =>',
        '      or(',
        '        caller.id === null ? NO_RECORDS : eq(tables.post.authorId, caller.id),',
        '        caller.role !== null && ["admin"].includes(caller.role) ? ALL_RECORDS : NO_RECORDS,',
        '      ) as SQL,',
      ].join('\n'),
    );
  });

  it('breaks a conditional before ? and :, and an object body inside its parentheses', () => {
    const long = 'x'.repeat(40);
    expect(
      layoutExpression(`(c) => c.id === null ? ${long} : { ${long}: c.id }`, 4, 'when: ', ','),
    ).toBe(
      [
        '    when: (c) =>',
        '      c.id === null',
        `        ? ${long}`,
        `        : { ${long}: c.id },`,
      ].join('\n'),
    );
    expect(layoutExpression(`(c) => ({ a: ${long}, b: ${long} })`, 4, 'when: ', ',')).toBe(
      ['    when: (c) => ({', `      a: ${long},`, `      b: ${long},`, '    }),'].join('\n'),
    );
  });

  it('leaves text it cannot read as it is', () => {
    expect(layoutExpression('(x) => x - 1', 2, 'f: ', ',')).toBe('  f: (x) => x - 1,');
  });
});
