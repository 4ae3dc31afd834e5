#!/usr/bin/env node
// Part of `npm run build`, after tsc: compiles appgen's config schemas ahead of time into
// dist/validate/standalone/<kind>.js (ajv's standalone code), so that a run does not compile them
// (src/validate/schemaCompiler.ts). A module whose digest no longer fits its schema is ignored
// at run time and the schema is compiled as before, so a stale build is slower, never wrong.
const fs = require('fs');
const path = require('path');

const dist = path.join(__dirname, '..', 'dist', 'validate');
const { SCHEMA_FILES, schemaText, standaloneValidator } = require(
  path.join(dist, 'schemaCompiler.js'),
);
const out = path.join(dist, 'standalone');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
for (const kind of Object.keys(SCHEMA_FILES)) {
  fs.writeFileSync(path.join(out, `${kind}.js`), standaloneValidator(schemaText(kind)));
}
