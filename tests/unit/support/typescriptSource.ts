import ts from 'typescript';

/** Syntax errors of a generated .ts/.tsx file, as "line:column message". */
export function syntaxErrors(fileName: string, content: string): string[] {
  const output = ts.transpileModule(content, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: {
      jsx: ts.JsxEmit.Preserve,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
    },
  });
  return (output.diagnostics ?? []).map((d) => {
    const { line, character } =
      d.file && d.start !== undefined
        ? d.file.getLineAndCharacterOfPosition(d.start)
        : { line: -1, character: -1 };
    return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** The value of every string literal and JSX text in a source file, in order. */
export function stringValues(fileName: string, content: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    content,
    ts.ScriptTarget.ES2022,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const values: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      values.push(node.text);
    else if (ts.isJsxText(node) && node.text.trim() !== '') values.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return values;
}

/** Transpiled modules by their source: the same text is transpiled once per test file. */
const transpiled = new Map<string, string>();

/** A generated .ts or .tsx module as CommonJS (cached by its name and text). */
export function commonJs(fileName: string, content: string): string {
  const key = `${fileName}\0${content}`;
  let output = transpiled.get(key);
  if (output === undefined) {
    output = ts.transpileModule(content, {
      fileName,
      compilerOptions: {
        jsx: ts.JsxEmit.ReactJSX,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.CommonJS,
        esModuleInterop: true,
      },
    }).outputText;
    transpiled.set(key, output);
  }
  return output;
}

/**
 * Runs a generated .ts or .tsx module in this process (transpiled to CommonJS) and returns its
 * exports. Its imports are taken from `modules` by specifier; any other import fails (a .tsx
 * module also imports "react/jsx-runtime").
 */
export function evaluateModule(
  fileName: string,
  content: string,
  modules: Record<string, unknown> = {},
): Record<string, unknown> {
  const outputText = commonJs(fileName, content);
  const require = (specifier: string): unknown => {
    if (!Object.hasOwn(modules, specifier))
      throw new Error(`${fileName} imports "${specifier}", which the test does not provide`);
    return modules[specifier];
  };
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', outputText)(require, module, module.exports);
  return module.exports;
}
