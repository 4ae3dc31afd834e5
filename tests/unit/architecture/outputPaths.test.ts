import fs from 'fs';
import path from 'path';
import { OUTPUT_PATHS } from '../../../src/domain/outputPaths';
import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';
import { REPO_ROOT } from '../support/paths';

const SRC = path.join(REPO_ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('output paths and rendering', () => {
  it('builds the paths of per-item outputs (`src/...${name}...`) only in src/domain/outputPaths.ts', () => {
    const spelled = sourceFiles(SRC)
      .filter((file) => !file.endsWith(path.join('domain', 'outputPaths.ts')))
      .filter((file) => /`src\/[^`]*\$\{/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(spelled).toEqual([]);
  });

  it('puts route files and model types where OUTPUT_PATHS says', () => {
    const files = [...renderFiles(minimalProject()).keys()];
    expect(files).toContain(OUTPUT_PATHS.routeFile('api/users/[id]'));
    expect(files).toContain(OUTPUT_PATHS.modelType('User'));
  });

  it('has one Handlebars: only src/render/ imports it (create-appgen renders through TemplateSet too)', () => {
    const importers = sourceFiles(SRC)
      .filter((file) => /from ['"]handlebars['"]/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file).split(path.sep)[0]);
    expect([...new Set(importers)]).toEqual(['render']);
  });
});
