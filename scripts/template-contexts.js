#!/usr/bin/env node
// Writes docs/template-contexts.md, the reference of what each template receives, from
// src/map/contexts.ts (read with the TypeScript compiler) and the template registry.
//   --check   write nothing; exit 1 when the file is out of date (the unit tests check this too)
const fs = require('fs');
const path = require('path');
const { root, ensureInstall, build } = require('./ensure-install');

ensureInstall();
build();
const { readContextTypes } = require(path.join(root, 'dist', 'templates', 'readContextTypes'));
const { renderContextDocs, CONTEXT_DOCS_PATH } = require(
  path.join(root, 'dist', 'templates', 'renderContextDocs'),
);
const { TEMPLATE_REGISTRY } = require(path.join(root, 'dist', 'render', 'templateRegistry'));

const target = path.join(root, CONTEXT_DOCS_PATH);
const text = renderContextDocs(
  readContextTypes(path.join(root, 'src', 'map', 'contexts.ts')),
  TEMPLATE_REGISTRY,
);
const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
if (process.argv.includes('--check')) {
  if (current !== text) {
    process.stderr.write(
      `${CONTEXT_DOCS_PATH} is out of date: run node scripts/template-contexts.js\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`${CONTEXT_DOCS_PATH} is up to date\n`);
} else if (current === text) {
  process.stdout.write(`${CONTEXT_DOCS_PATH} is up to date\n`);
} else {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  process.stdout.write(`wrote ${CONTEXT_DOCS_PATH}\n`);
}
