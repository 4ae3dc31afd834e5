import path from 'path';
import ts from 'typescript';
import type { FileMap } from '../../../src/render/fileMap';
import { PROJECT_TSCONFIG } from '../../../src/create/projectFiles';

/** What `next build` adds before it type-checks: the types of Next.js itself (and of its CSS imports). */
const NEXT_ENV = `/// <reference types="next" />
/// <reference types="next/image-types/global" />
`;

/**
 * The compiler options of a created project (src/create/projectFiles.ts), made stricter as the e2e
 * test projects are (`noUnusedLocals`, `noUnusedParameters`: tests/e2e/support/testProject.ts).
 */
function compilerOptions(root: string, host: ts.ParseConfigHost): ts.CompilerOptions {
  const { compilerOptions: options } = PROJECT_TSCONFIG;
  const config = {
    compilerOptions: { ...options, noUnusedLocals: true, noUnusedParameters: true },
    files: [],
  };
  const parsed = ts.parseJsonConfigFileContent(config, host, root);
  // No emit, no .tsbuildinfo: the program is only checked.
  return { ...parsed.options, incremental: false, noEmit: true };
}

/**
 * Files read from disk (node_modules types, TypeScript's own lib files), parsed once for every
 * program of the process: most of a program's files are these, and they never change.
 */
const diskSourceFiles = new Map<string, ts.SourceFile | undefined>();

export interface TypecheckResult {
  /** Each problem as `file:line:col message`, paths relative to the project. */
  errors: string[];
  /** How many of the FileMap's files were type-checked. */
  checked: number;
}

/**
 * Type-checks the TypeScript files of a FileMap as one program, as if they were written into the
 * project folder `root`, without writing them: the compiler host serves the FileMap's files and
 * reads everything else (node_modules types, a generated Prisma client) from disk, where `root`
 * resolves packages from its parent folders. Uses the compiler of appgen's own devDependencies,
 * which is the version a generated app installs (APP_DEV_DEPENDENCIES).
 */
export function typecheckFileMap(files: FileMap, root: string): TypecheckResult {
  const inMemory = new Map<string, string>();
  for (const [relative, file] of files) inMemory.set(path.join(root, relative), file.content);
  inMemory.set(path.join(root, 'next-env.d.ts'), NEXT_ENV);
  const readFile = (fileName: string): string | undefined =>
    inMemory.get(path.resolve(fileName)) ?? ts.sys.readFile(fileName);
  const fileExists = (fileName: string): boolean =>
    inMemory.has(path.resolve(fileName)) || ts.sys.fileExists(fileName);
  const directoryExists = (dir: string): boolean => {
    const prefix = path.resolve(dir) + path.sep;
    for (const file of inMemory.keys()) if (file.startsWith(prefix)) return true;
    return ts.sys.directoryExists(dir);
  };
  const parseHost: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    readDirectory: () => [],
    fileExists,
    readFile,
  };
  const options = compilerOptions(root, parseHost);
  const host = ts.createCompilerHost(options, true);
  host.readFile = readFile;
  host.fileExists = fileExists;
  host.directoryExists = directoryExists;
  host.getCurrentDirectory = () => root;
  const defaultGetSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = inMemory.get(path.resolve(fileName));
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    if (!diskSourceFiles.has(key))
      diskSourceFiles.set(
        key,
        defaultGetSourceFile(fileName, languageVersion, onError, shouldCreate),
      );
    return diskSourceFiles.get(key);
  };
  const rootNames = [...inMemory.keys()].filter((file) => /\.tsx?$/.test(file));
  const program = ts.createProgram({ rootNames, options, host });
  const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const file = path.relative(root, diagnostic.file.fileName);
    return `${file}:${line + 1}:${character + 1} ${message}`;
  });
  return { errors, checked: rootNames.length };
}
