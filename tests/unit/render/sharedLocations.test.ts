import Handlebars from 'handlebars';
import { shareLocations } from '../../../src/render/sharedLocations';

/** Handlebars' precompiled code of `text` as appgen compiles it (strict). */
const precompiled = (text: string): string =>
  Handlebars.precompile(text, { strict: true, noEscape: true }) as unknown as string;

/** A template made from the code of a specification, as TemplateSet makes one. */
function templateOf(code: string): Handlebars.TemplateDelegate {
  const env = Handlebars.create();
  env.registerHelper('upper', (value: string) => value.toUpperCase());
  return env.template(new Function(`return ${code};`)() as TemplateSpecification);
}

function thrown(run: () => unknown): Error & { lineNumber?: number; column?: number } {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

const TEXT = '{{#each items}}{{name}}: {{upper name}}\n{{/each}}{{#if flag}}{{missing}}{{/if}}';
const LOCATION = /\{"start":\{"line":\d+,"column":\d+\},"end":\{"line":\d+,"column":\d+\}\}/g;

describe('shareLocations', () => {
  it('writes each distinct location once, in one list, and each use refers to it', () => {
    const code = precompiled(TEXT);
    const shared = shareLocations(code);
    const before = code.match(LOCATION)!;
    const after = shared.match(LOCATION)!;
    expect(new Set(after).size).toBe(after.length);
    expect(new Set(after)).toEqual(new Set(before));
    expect(shared.match(/appgenLocations\[\d+\]/g)).toHaveLength(before.length);
  });

  it('renders what the code as generated renders', () => {
    const context = { items: [{ name: 'ab' }, { name: 'cd' }], flag: false };
    const expected = templateOf(precompiled(TEXT))(context);
    expect(templateOf(shareLocations(precompiled(TEXT)))(context)).toBe(expected);
    expect(expected).toBe('ab: AB\ncd: CD\n');
  });

  it('keeps the line and column of a missing field', () => {
    const context = { items: [], flag: true };
    const original = thrown(() => templateOf(precompiled(TEXT))(context));
    const shared = thrown(() => templateOf(shareLocations(precompiled(TEXT)))(context));
    expect(shared.message).toBe(original.message);
    expect(shared.message).toMatch(/"missing" not defined/);
    expect([shared.lineNumber, shared.column]).toEqual([original.lineNumber, original.column]);
    expect(shared.lineNumber).toBe(2);
  });

  it('leaves code without locations as it is (a template of text alone)', () => {
    const code = precompiled('plain text\n');
    expect(code.match(LOCATION)).toBeNull();
    expect(shareLocations(code)).toBe(code);
  });
});
