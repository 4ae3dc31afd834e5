// A frozen copy of appgen (dist/, templates/, schemas/, examples/) for the length of a benchmark:
// appgen reads its templates at run time, and the working tree may change under a long run
// (other work editing templates/ or rebuilding dist/), which would make a "no-change" re-run
// rewrite files and mix two versions in one table.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { REPO_ROOT } = require('./paths');

function snapshotAppgen() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-bench-snapshot-'));
  for (const entry of ['package.json', 'dist', 'templates', 'schemas', 'examples']) {
    fs.cpSync(path.join(REPO_ROOT, entry), path.join(root, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return {
    root,
    dist: path.join(root, 'dist'),
    appgen: path.join(root, 'dist', 'cli', 'appgen.js'),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

module.exports = { snapshotAppgen };
