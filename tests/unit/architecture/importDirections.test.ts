import fs from 'fs';
import path from 'path';
import { REPO_ROOT } from '../support/paths';

/**
 * Imports only go down: cli → the commands' services (generate, dev, db, create, templates) →
 * the project's environment → the pipeline stages (write → render → map → validate → load) →
 * shared rules (domain, config, diagnostics, paths, hash). Each src/ folder lists the folders it may
 * import from; a new import across folders must fit this table (or the table changes on purpose,
 * with docs/architecture.md).
 */
const ALLOWED: Record<string, readonly string[]> = {
  cli: [
    'create',
    'db',
    'dev',
    'generate',
    'templates',
    'project',
    'render',
    'diagnostics',
    'config',
    'paths',
  ],
  dev: ['generate', 'db', 'project', 'diagnostics'],
  create: ['render', 'project', 'load', 'config', 'paths', 'diagnostics'],
  db: ['project', 'config', 'diagnostics', 'hash'],
  generate: [
    'write',
    'render',
    'map',
    'validate',
    'load',
    'templates',
    'project',
    'paths',
    'diagnostics',
    'hash',
  ],
  templates: ['render', 'domain', 'config', 'paths', 'diagnostics', 'hash'],
  project: ['load', 'validate', 'config', 'diagnostics'],
  write: ['render', 'diagnostics', 'hash'],
  render: ['map', 'domain', 'config', 'paths', 'diagnostics', 'hash'],
  map: ['validate', 'domain', 'config', 'hash'],
  validate: ['load', 'domain', 'config', 'paths', 'diagnostics'],
  load: ['diagnostics'],
  domain: ['config'],
  config: [],
  diagnostics: [],
  paths: [],
  hash: [],
};

/** Files a folder may import from another only through one file: the stage's contract. */
const ONLY_THROUGH: Record<string, Record<string, readonly string[]>> = {
  // map reads the checked project, never validate's checks or parsers.
  map: { validate: ['validate/checkedProject.ts'] },
  // render, write and the template tooling see the map stage only through the template contract.
  render: { map: ['map/contexts.ts'] },
  // a command reads and checks its settings once; the rest of validate is generate's.
  project: { validate: ['validate/checkSettings.ts'] },
};

const SRC = path.join(REPO_ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Module specifiers of static imports, re-exports, dynamic imports and requires. */
function specifiers(text: string): string[] {
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]));
}

interface CrossImport {
  from: string;
  fromFolder: string;
  to: string;
  toFolder: string;
}

function crossFolderImports(): CrossImport[] {
  const imports: CrossImport[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = path.relative(SRC, file).split(path.sep).join('/');
    for (const specifier of specifiers(fs.readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = path
        .relative(SRC, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/');
      const [fromFolder] = from.split('/');
      const [toFolder] = target.split('/');
      if (toFolder !== fromFolder) imports.push({ from, fromFolder, to: `${target}.ts`, toFolder });
    }
  }
  return imports;
}

describe('imports between src/ folders', () => {
  const imports = crossFolderImports();

  it('finds the imports it checks (the parser still works)', () => {
    expect(
      imports.some((i) => i.from === 'map/mapProject.ts' && i.to === 'validate/checkedProject.ts'),
    ).toBe(true);
    expect(
      specifiers(
        "import type { A } from '../a';\nexport { b } from './b';\nimport './c';\nconst d = require('../d');",
      ),
    ).toEqual(['../a', './b', './c', '../d']);
  });

  it('names every folder of src/ in the table', () => {
    const folders = fs
      .readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders).toEqual(Object.keys(ALLOWED).sort());
  });

  it('only go down: each folder imports only from the folders the table allows', () => {
    const wrong = imports
      .filter((i) => !(ALLOWED[i.fromFolder] ?? []).includes(i.toFolder))
      .map((i) => `${i.from} imports ${i.to}`);
    expect(wrong).toEqual([]);
  });

  it('reach another stage only through its contract file where one is named', () => {
    const wrong = imports
      .filter(
        (i) =>
          ONLY_THROUGH[i.fromFolder]?.[i.toFolder] &&
          !ONLY_THROUGH[i.fromFolder][i.toFolder].includes(i.to),
      )
      .map((i) => `${i.from} imports ${i.to}`);
    expect(wrong).toEqual([]);
  });

  it('leave parsing to validate: map imports only types from validate and calls no parser', () => {
    const mapFiles = sourceFiles(path.join(SRC, 'map')).map((file) => ({
      file: path.relative(SRC, file),
      text: fs.readFileSync(file, 'utf8'),
    }));
    const valueImports = mapFiles
      .filter(({ text }) => /^import (?!type )[^;]*from '\.\.\/validate\//m.test(text))
      .map(({ file }) => file);
    const parsers = mapFiles
      .filter(({ text }) => /\bparse[A-Z]\w*\(/.test(text))
      .map(({ file }) => file);
    expect({ valueImports, parsers }).toEqual({ valueImports: [], parsers: [] });
  });

  it('keep the template contract self-contained: contexts.ts imports only shared rules', () => {
    const fromContexts = imports.filter((i) => i.from === 'map/contexts.ts').map((i) => i.toFolder);
    expect(fromContexts.filter((folder) => !['config', 'domain'].includes(folder))).toEqual([]);
  });
});
