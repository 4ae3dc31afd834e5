import { execFileSync } from 'child_process';
import path from 'path';
import vm from 'vm';
import { jsonLiteral } from '../../../src/render/jsonLiteral';
import { REPO_ROOT } from '../support/paths';

const PRETTIER = path.join(REPO_ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');

/** What prettier (defaults, printWidth 100) makes of a TypeScript module. */
function prettier(source: string): string {
  return execFileSync(
    process.execPath,
    [PRETTIER, '--no-config', '--print-width', '100', '--stdin-filepath', 'document.ts'],
    { input: source, encoding: 'utf8' },
  );
}

const long = 'words that go on '.repeat(12).trim();

// The OpenAPI document's literal (src/appgen/openapi.ts): laid out as prettier would, every line
// within 100 characters, and the same value.
const document = {
  openapi: '3.1.0',
  paths: {
    '/api/articles/{slug}': {
      get: {
        tags: ['Article'],
        'x-kebab': true,
        $ref: '#/components/responses/NotFound',
        description: long,
        in: long,
        summary: 'short enough to stay after its key, though not on the line of a longer key',
        quotes: 'he said "hi"',
        both: `it's "quoted"`,
        escapes: 'tab\there, newline\nthere, backslash \\',
        noSpaces: 'x'.repeat(230),
        responses: { '200': { description: 'OK' }, '404': {} },
        enum: [long, 'b'],
        numbers: Array.from({ length: 40 }, (_, i) => i * 1000),
        pairs: [
          { a: 1, b: 2 },
          { a: 3, b: 4 },
        ],
        one: [{ a: 1 }],
        empty: [],
        big: 1e21,
        nothing: null,
      },
    },
  },
};

describe('jsonLiteral', () => {
  const source = `export const document: Record<string, unknown> = ${jsonLiteral(document)};\n`;

  it('writes what prettier writes', () => {
    expect(source).toBe(prettier(source));
  });

  it('keeps every line within 100 characters', () => {
    expect(source.split('\n').filter((line) => line.length > 100)).toEqual([]);
  });

  it('keeps the value', () => {
    const literal = source.slice(source.indexOf('= ') + 2, source.lastIndexOf(';'));
    expect(JSON.parse(JSON.stringify(vm.runInNewContext(`(${literal})`)))).toEqual(document);
  });

  // The fuzz test's 64 KiB enum value hung generate (each cut of a long word was looked for from
  // its end): one pass now, and every part still fits its line.
  it('splits a 64 KiB word with quotes in one pass into parts that fit', () => {
    const word = `${'y'.repeat(40_000)}"'${'z'.repeat(25_000)}`;
    const text = jsonLiteral({ description: word });
    const lines = text.split('\n');
    expect(lines.filter((line) => line.length > 100)).toEqual([]);
    expect(vm.runInNewContext(`(${text})`)).toEqual({ description: word });
  });
});
