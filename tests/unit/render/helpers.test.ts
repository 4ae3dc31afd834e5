import Handlebars from 'handlebars';
import { HELPERS } from '../../../src/render/helpers';

const render = (template: string, context: object): string => {
  const handlebars = Handlebars.create();
  for (const [name, helper] of Object.entries(HELPERS)) handlebars.registerHelper(name, helper);
  return handlebars.compile(template, { strict: true, noEscape: true })(context);
};

const NASTY = 'Say "hi" & <b>{x}</b> ${y} `t` \\n \\ */ \n\u2028 ünï ✓';

describe('escaping helpers', () => {
  it('str makes a string literal that evaluates to the exact text', () => {
    const literal = render('{{str value}}', { value: NASTY });
    expect(JSON.parse(literal)).toBe(NASTY);
    expect(new Function(`return ${literal};`)()).toBe(NASTY);
  });

  it('jsx wraps a string literal in an expression container', () => {
    const out = render('{{jsx value}}', { value: NASTY });
    expect(out.startsWith('{') && out.endsWith('}')).toBe(true);
    expect(new Function(`return ${out.slice(1, -1)};`)()).toBe(NASTY);
    // In the quotes prettier prefers: single when the text holds more double quotes.
    expect(render('{{attr value}}', { value: 'a"b' })).toBe(`{'a"b'}`);
    expect(render('{{attr value}}', { value: `a"b'c` })).toBe('{"a\\"b\'c"}');
  });

  it('str and jsx turn numbers and booleans into strings', () => {
    expect(render('{{str n}} {{jsx b}}', { n: 3, b: true })).toBe('"3" {"true"}');
  });

  it('ident passes identifiers and throws on anything else', () => {
    expect(render('{{ident name}}', { name: 'userId_2$' })).toBe('userId_2$');
    for (const bad of ['a-b', '1a', 'a b', '', 'x;alert(1)', 'a.b']) {
      expect(() => render('{{ident name}}', { name: bad })).toThrow(
        `not an identifier: ${JSON.stringify(bad)}`,
      );
    }
    expect(() => render('{{ident name}}', { name: 3 })).toThrow('not an identifier');
  });

  it('comment keeps text on one line and cannot close the comment', () => {
    const out = render('/** {{comment text}} */', { text: 'a */ b\nc\r\nd\u2028e /* f' });
    expect(out).toBe('/** a * / b c d e /* f */');
    expect(out.indexOf('*/')).toBe(out.length - 2);
  });

  it('eq, concat, some and unique', () => {
    expect(render('{{#if (eq a "x")}}yes{{else}}no{{/if}}', { a: 'x' })).toBe('yes');
    expect(render('{{concat "a" n "c"}}', { n: 1 })).toBe('a1c');
    const list = [
      { op: 'get', fn: 'b' },
      { op: 'list', fn: null },
      { op: 'get', fn: 'a' },
      { op: 'x', fn: 'b' },
    ];
    expect(render('{{#if (some list "op" "list" "create")}}y{{else}}n{{/if}}', { list })).toBe('y');
    expect(render('{{#if (some list "op" "create")}}y{{else}}n{{/if}}', { list })).toBe('n');
    expect(render('{{#each (unique list "fn")}}{{this}},{{/each}}', { list })).toBe('a,b,');
  });
});

describe('url and num helpers', () => {
  const url = HELPERS.url as unknown as (path: string, source: string) => string;
  const num = HELPERS.num as unknown as (value: unknown) => string;

  it('url fills :name segments from the source object, URL-encoded, and keeps the rest literal', () => {
    expect(url('/posts', 'params')).toBe('"/posts"');
    expect(url('/posts/:id/edit', 'params')).toBe(
      '"/posts/" + encodeURIComponent(String(params.id)) + "/edit"',
    );
    expect(url('/a/:x/b/:y?q=":z"', 'record')).toBe(
      '"/a/" + encodeURIComponent(String(record.x)) + "/b/" + encodeURIComponent(String(record.y)) + "?q=\\":z\\""',
    );
    const id = 'a b/"c"';
    expect(new Function('params', `return ${url('/p/:id/"${x}"', 'params')};`)({ id })).toBe(
      `/p/${encodeURIComponent(id)}/"\${x}"`,
    );
  });

  it('url refuses a source or parameter that is not an identifier (or identifiers joined by dots)', () => {
    expect(url('/users/:authorId', 'data0.data')).toBe(
      '"/users/" + encodeURIComponent(String(data0.data.authorId))',
    );
    expect(() => url('/p/:id', 'a-b')).toThrow('not an identifier');
    expect(() => url('/p/:id', 'a.b c')).toThrow('not an identifier');
    expect(() => url('/p/:id', 'a..b')).toThrow('not an identifier');
  });

  it('num passes finite numbers only', () => {
    expect(num(3)).toBe('3');
    expect(num(-1.5)).toBe('-1.5');
    expect(() => num('3')).toThrow('not a number');
    expect(() => num(Infinity)).toThrow('not a number');
  });
});

describe('shifted, indented and inset', () => {
  const call =
    '{{#callLayout 4 "await " ";"}}withReadable(records, "post", (ids) => db.post.findMany({ where: { id: { in: ids } } })){{/callLayout}}';

  it('move lines further in, and the layout helpers inside count the spaces they add', () => {
    // At 4 columns the call fits; 8 columns further in (two blocks) it breaks.
    expect(render(call, {})).toMatch(/^ {4}await withReadable\(.*\)\);$/);
    const deeper = render(
      `{{#indented 6}}{{#shifted true}}\n${call}\n{{/shifted}}{{/indented}}`,
      {},
    );
    expect(deeper).toBe(
      [
        '',
        '            await withReadable(records, "post", (ids) =>',
        '              db.post.findMany({ where: { id: { in: ids } } }),',
        '            );',
        '',
      ].join('\n'),
    );
    // inset: the spaces a standalone partial's indentation will add, counted but not written.
    expect(render(`{{#inset 8}}${call}{{/inset}}`, {})).toBe(
      [
        '    await withReadable(records, "post", (ids) =>',
        '      db.post.findMany({ where: { id: { in: ids } } }),',
        '    );',
      ].join('\n'),
    );
    expect(render('{{#indented 0}}a{{/indented}}|{{#indented 2}}a\n\nb{{/indented}}', {})).toBe(
      'a|  a\n\n  b',
    );
  });

  it('fits counts the spaces of the blocks around it', () => {
    const line = 'x'.repeat(97);
    expect(render(`{{#fits}}${line}{{else}}broken{{/fits}}`, {})).toBe(line);
    expect(render(`{{#indented 4}}{{#fits}}${line}{{else}}broken{{/fits}}{{/indented}}`, {})).toBe(
      '    broken',
    );
  });
});

describe('fits', () => {
  const long = 'x'.repeat(100);
  it('writes the block when every line fits, else its else part', () => {
    expect(render('{{#fits}}a\nb{{else}}broken{{/fits}}', {})).toBe('a\nb');
    expect(render(`{{#fits}}a\n${long}.{{else}}broken{{/fits}}`, {})).toBe('broken');
  });

  it('with first=true, lets the first line alone decide', () => {
    expect(render(`{{#fits first=true}}a\n${long}.{{else}}broken{{/fits}}`, {})).toBe(
      `a\n${long}.`,
    );
    expect(render(`{{#fits first=true}}${long}.\nb{{else}}broken{{/fits}}`, {})).toBe('broken');
  });
});
