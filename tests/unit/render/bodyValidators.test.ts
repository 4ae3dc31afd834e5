import path from 'path';
import ts from 'typescript';
import { TRANSFORM_NAMES } from '../../../src/config/transforms';
import { VALIDATOR_NAMES } from '../../../src/config/validators';
import { minimalProject } from '../support/configs';
import { REPO_ROOT } from '../support/paths';
import { renderFiles } from '../support/renderFiles';
import { evaluateModule } from '../support/typescriptSource';

// Validator names live in src/config/validators.ts; their runtime in templates/src/appgen/body.ts.
// The generated body.ts types its runtime and every route's spec by the config's names, so the
// two cannot drift apart without a compile error; these tests hold that guard in place.
const body = renderFiles(minimalProject()).get('src/appgen/body.ts')?.content ?? '';

/** tsc --strict diagnostics of in-memory modules beside a stub ./http, as "file: message". */
function typeErrors(files: Record<string, string>): string[] {
  const dir = path.join(REPO_ROOT, '__typecheck__');
  const memory = new Map(
    Object.entries({
      'http.ts':
        'export function jsonError(status: number, message: string): Response {\n  return Response.json({ error: message }, { status });\n}\n' +
        'export function invalidBody(problems: readonly string[], fields: Record<string, string>): Response {\n  return Response.json({ error: problems.join(" "), fields }, { status: 400 });\n}\n',
      ...files,
    }).map(([name, text]) => [path.join(dir, name), text]),
  );
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts'],
    types: ['node'],
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, version, ...rest) =>
    memory.has(name)
      ? ts.createSourceFile(name, memory.get(name) as string, version)
      : getSourceFile(name, version, ...rest);
  host.fileExists = (name) => memory.has(name) || fileExists(name);
  host.readFile = (name) => memory.get(name) ?? readFile(name);
  // The folder exists only in memory; module resolution looks for it before its files.
  host.directoryExists = (name) => name === dir || ts.sys.directoryExists(name);
  const program = ts.createProgram([...memory.keys()], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

const spec = (validators: string) =>
  `import type { BodySpec } from "./body";\nexport const spec = { name: { type: "string", label: "Name", required: true, nullable: false, validators: ${validators} } } satisfies BodySpec;\n`;

describe('validator names and their runtime in src/appgen/body.ts', () => {
  it('the runtime implements exactly the validators of src/config/validators.ts', () => {
    const source = ts.createSourceFile('body.ts', body, ts.ScriptTarget.ES2022, true);
    let implemented: string[] = [];
    source.forEachChild(function visit(node): void {
      if (
        ts.isVariableDeclaration(node) &&
        node.name.getText() === 'VALIDATORS' &&
        node.initializer &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        implemented = node.initializer.properties.map((property) => property.name?.getText() ?? '');
      }
      node.forEachChild(visit);
    });
    expect([...implemented].sort()).toEqual([...VALIDATOR_NAMES].sort());
  });

  it('the runtime implements exactly the transforms of src/config/transforms.ts', () => {
    const source = ts.createSourceFile('body.ts', body, ts.ScriptTarget.ES2022, true);
    let implemented: string[] = [];
    source.forEachChild(function visit(node): void {
      if (
        ts.isVariableDeclaration(node) &&
        node.name.getText() === 'TRANSFORMS' &&
        node.initializer &&
        ts.isSatisfiesExpression(node.initializer) &&
        ts.isObjectLiteralExpression(node.initializer.expression)
      ) {
        implemented = node.initializer.expression.properties.map(
          (property) => property.name?.getText() ?? '',
        );
      }
      node.forEachChild(visit);
    });
    expect(implemented).toEqual([...TRANSFORM_NAMES]);
  });

  it('compiles under --strict with a route spec naming known validators, and not with one naming a validator with no runtime', () => {
    const errors = typeErrors({
      'body.ts': body,
      'known.ts': spec('[["notEmpty"], ["minLength", 3], ["isIn", ["a", "b"]]]'),
      'unknown.ts': spec('[["isEmaill"]]'),
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^unknown\.ts: .*"isEmaill"/);
  });

  it('a runtime short of a validator, or with one appgen does not know, does not compile', () => {
    // The entry with its continuation lines (prettier breaks a long one after `=>`).
    const short = body.replace(/^ {2}isPast: .*\n(?: {4}.*\n)*/m, '');
    const extra = body.replace(/^ {2}isPast: /m, '  isNever: () => undefined,\n  isPast: ');
    expect([short, extra]).not.toContain(body);
    const errors = typeErrors({ 'short.ts': short, 'extra.ts': extra });
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toMatch(/^short\.ts: .*isPast/m);
    expect(errors.join('\n')).toMatch(/^extra\.ts: .*isNever/m);
  });

  it('at run time an unknown name fails loudly instead of passing the value', () => {
    const runtime = evaluateModule('body.ts', body, { './http': { jsonError: () => undefined } });
    const validateBody = runtime.validateBody as (input: unknown, spec: unknown) => unknown;
    const field = (validators: unknown[]) => ({
      name: { type: 'string', label: 'Name', required: true, nullable: false, validators },
    });
    expect(validateBody({ name: '' }, field([['notEmpty']]))).toEqual({
      problems: ['Name must not be empty.'],
      fields: { name: 'Name must not be empty.' },
    });
    expect(() => validateBody({ name: 'x' }, field([['isEmaill']]))).toThrow();
  });

  it('reads an enveloped body under its key, and names the nested path in `fields`', () => {
    const runtime = evaluateModule('body.ts', body, { './http': { jsonError: () => undefined } });
    const validateBody = runtime.validateBody as (i: unknown, s: unknown, e?: string) => unknown;
    const spec = {
      email: {
        type: 'string',
        label: 'Email',
        required: true,
        nullable: false,
        validators: [['isEmail']],
      },
      bio: { type: 'text', label: 'Bio', required: false, nullable: true, validators: [] },
    };
    expect(validateBody({ user: { email: 'a@b.co', bio: null, x: 1 } }, spec, 'user')).toEqual({
      data: { email: 'a@b.co', bio: null },
    });
    expect(validateBody({ user: { bio: 3 } }, spec, 'user')).toEqual({
      problems: ['Email is required.', 'Bio must be a string.'],
      fields: { 'user.email': 'Email is required.', 'user.bio': 'Bio must be a string.' },
    });
    expect(validateBody({ email: 'a@b.co' }, spec, 'user')).toEqual({
      problems: ['"user" is required.'],
      fields: { user: '"user" is required.' },
    });
    expect(validateBody({ user: [] }, spec, 'user')).toEqual({
      problems: ['"user" must be a JSON object.'],
      fields: { user: '"user" must be a JSON object.' },
    });
    expect(validateBody({ user: { email: 'nope' } }, spec, 'user')).toEqual({
      problems: ['Email must be an email address.'],
      fields: { 'user.email': 'Email must be an email address.' },
    });
  });

  it('keeps a list of names under its own key inside an envelope (duplicates once)', () => {
    const runtime = evaluateModule('body.ts', body, { './http': { jsonError: () => undefined } });
    const validateBody = runtime.validateBody as (i: unknown, s: unknown, e?: string) => unknown;
    const spec = {
      tagList: {
        type: 'string[]',
        label: 'Tag list',
        required: false,
        nullable: false,
        validators: [['notEmpty']],
      },
    };
    expect(validateBody({ article: { tagList: ['a', 'b', 'a'] } }, spec, 'article')).toEqual({
      data: { tagList: ['a', 'b'] },
    });
    expect(validateBody({ article: { tagList: ['a', ' '] } }, spec, 'article')).toEqual({
      problems: ['Tag list: item 2 must not be empty.'],
      fields: { 'article.tagList': 'Tag list: item 2 must not be empty.' },
    });
  });
});
