import path from 'path';
import ts from 'typescript';

/*
 * The template contexts of src/map/contexts.ts as TypeScript types, for checking templates
 * against them (checkTemplatePaths.ts). A development tool: it needs the `typescript` package,
 * so only scripts and tests load it, never the CLI.
 */

export interface ContextTypeProgram {
  checker: ts.TypeChecker;
  /** The type of a registry `context` text (`RouteFileContext & { project: ProjectContext }`). */
  typeOf(spec: string): ts.Type;
}

/** Names contexts.ts exports (interfaces, type aliases and re-exports). */
function exportedNames(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && exported) names.push(statement.name.text);
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) names.push(...statement.exportClause.elements.map((e) => e.name.text));
  }
  return names;
}

/**
 * One program holding contexts.ts and an in-memory module beside it that names each context
 * text as a type alias, so that the checker resolves it as a template author reads it.
 */
export function contextTypeProgram(contextsFile: string, specs: readonly string[]): ContextTypeProgram {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, types: [], target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10 };
  const contextsText = ts.sys.readFile(contextsFile) ?? '';
  const contextsSource = ts.createSourceFile(contextsFile, contextsText, ts.ScriptTarget.ES2022, true);
  const unique = [...new Set(specs)];
  const virtualFile = path.join(path.dirname(contextsFile), '__templateContexts.ts');
  const virtualText = [`import type { ${exportedNames(contextsSource).join(', ')} } from './${path.basename(contextsFile, '.ts')}';`, ...unique.map((spec, i) => `export type Context${i} = ${spec};`)].join('\n');
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, version, onError, shouldCreate) => (path.resolve(fileName) === virtualFile ? ts.createSourceFile(fileName, virtualText, version, true) : getSourceFile(fileName, version, onError, shouldCreate));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => path.resolve(fileName) === virtualFile || fileExists(fileName);
  const program = ts.createProgram({ rootNames: [virtualFile], options, host });
  const checker = program.getTypeChecker();
  const virtual = program.getSourceFile(virtualFile);
  if (!virtual) throw new Error(`cannot read the template contexts of ${contextsFile}`);
  const problems = ts.getPreEmitDiagnostics(program, virtual);
  if (problems.length) throw new Error(`template context types do not compile: ${ts.flattenDiagnosticMessageText(problems[0].messageText, '\n')}`);
  const aliases = virtual.statements.filter(ts.isTypeAliasDeclaration);
  const types = new Map(unique.map((spec, i) => [spec, checker.getTypeFromTypeNode(aliases[i].type)]));
  return {
    checker,
    typeOf(spec) {
      const type = types.get(spec);
      if (!type) throw new Error(`unknown template context "${spec}"`);
      return type;
    },
  };
}
