// The floor of a no-change re-run (issue 20): the file-system calls that `appgen generate` must
// make to know, safely, that nothing changed, and nothing else. Run as a child process, like
// `appgen generate`, so both include Node's start-up. What the generation cache needs
// (src/generate/runCache.ts, src/write/planWrite.ts):
// - yargs, loaded and parsing the command line, as the CLI does;
// - a stat of every input: appgen's own code, schemas and built-in templates, and the project's
//   config/ and templates/ (listed folder by folder, as the cache key lists them);
// - a stat of every generated file (an edited output is rendered again);
// - a listing of every folder under the generated folders (a file carrying appgen's header that
//   the manifest does not know, e.g. an old route restored by git, is deleted).
// No hashing, no JSON, no cache file: appgen's no-change run is this plus its own work.
const fs = require('fs');
const path = require('path');

const [projectDir, appgenRoot] = process.argv.slice(2);

const yargs = require(path.join(appgenRoot, 'node_modules', 'yargs'));
yargs(['generate', '--cwd', projectDir])
  .command('generate', 'generate', (y) => y.option('cwd', { type: 'string' }))
  .parse();

/**
 * Lists a folder recursively; `each(file)` for every file `keep` accepts, outside the `skip`
 * folders; returns the number of folders listed.
 */
function walk(dir, each, keep = () => true, skip = []) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let folders = 1;
  for (const entry of entries) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.includes(child)) folders += walk(child, each, keep, skip);
    } else if (keep(entry.name)) each(child);
  }
  return folders;
}

const counts = { inputs: 0, outputs: 0, generatedFolders: 0 };
const statInput = (file) => {
  fs.statSync(file);
  counts.inputs++;
};
// appgen's code as the cache key takes it: .js and .ts files, not the precompiled templates.
const dist = path.join(appgenRoot, 'dist');
walk(dist, statInput, (name) => /\.(js|ts)$/.test(name) && !name.endsWith('.d.ts'), [
  path.join(dist, 'render', 'precompiled'),
]);
const inputs = [
  path.join(appgenRoot, 'schemas'),
  path.join(appgenRoot, 'templates'),
  path.join(projectDir, 'config'),
  path.join(projectDir, 'templates'),
];
for (const dir of inputs) walk(dir, statInput);
for (const folder of ['src/app', 'src/appgen', 'prisma']) {
  counts.generatedFolders += walk(path.join(projectDir, folder), (file) => {
    fs.statSync(file);
    counts.outputs++;
  });
}
process.stdout.write(`${JSON.stringify(counts)}\n`);
