import fs from 'fs';
import path from 'path';
import { precompiledFile, precompiledModule } from './precompiledTemplates';
import { isRuntimeFile, templateText, type TemplateSet } from './templateSet';

/**
 * Writes the precompiled module of every template of `templates` into `dir`, replacing what was
 * there: `npm run build` (scripts/build-templates.js) for dist/render/precompiled/, and the test
 * that renders with them.
 */
export function writePrecompiledTemplates(templates: TemplateSet, dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const source of templates.list()) {
    // A runtime file is copied as it is: nothing to compile.
    if (isRuntimeFile(source.name)) continue;
    const file = precompiledFile(source.name, dir);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      precompiledModule(templates.precompile(source.name), templateText(source)),
    );
  }
}
