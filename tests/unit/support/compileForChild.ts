import fs from 'fs';
import path from 'path';
import ts from 'typescript';
import { REPO_ROOT } from './paths';

/**
 * Transpiles a TypeScript entry file and the project modules it requires at run time (followed
 * through the emitted `require("./...")` calls, so type-only imports are not) into `outDir`, for
 * a child `node` process: the child then runs the current source, not a possibly stale dist/.
 * Returns the path of the entry's JavaScript. Packages resolve through NODE_PATH (see childEnv).
 */
export function compileForChild(entry: string, outDir: string): string {
  const queue = [path.resolve(entry)];
  const done = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (done.has(file)) continue;
    done.add(file);
    const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
    });
    const out = path.join(outDir, path.relative(REPO_ROOT, file)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, outputText);
    for (const [, request] of outputText.matchAll(/require\("(\.{1,2}\/[^"]+)"\)/g)) {
      const base = path.resolve(path.dirname(file), request);
      const source = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) =>
        fs.existsSync(candidate),
      );
      if (source === undefined)
        throw new Error(`compileForChild: cannot find ${request} required by ${file}`);
      queue.push(source);
    }
  }
  return path.join(outDir, path.relative(REPO_ROOT, entry)).replace(/\.ts$/, '.js');
}

/** The environment of a child compiled by compileForChild: packages from the repository's node_modules. */
export function childEnv(): NodeJS.ProcessEnv {
  return { ...process.env, NODE_PATH: path.join(REPO_ROOT, 'node_modules') };
}
