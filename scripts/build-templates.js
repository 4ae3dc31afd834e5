#!/usr/bin/env node
// Part of `npm run build`, after tsc: compiles appgen's built-in templates ahead of time into
// dist/render/precompiled/<template>.js (Handlebars' precompiled form, checked and rewritten as at
// run time), so that a run does not parse and compile them (src/render/precompiledTemplates.ts).
// A module whose digest no longer fits its template's text is ignored at run time and the
// template is compiled as before, so a stale build is slower, never wrong.
const path = require('path');

const dist = path.join(__dirname, '..', 'dist');
const { BUILTIN_TEMPLATES_DIR } = require(path.join(dist, 'paths', 'packageRoot.js'));
const { TemplateSet } = require(path.join(dist, 'render', 'templateSet.js'));
const { PRECOMPILED_DIR } = require(path.join(dist, 'render', 'precompiledTemplates.js'));
const { writePrecompiledTemplates } = require(
  path.join(dist, 'render', 'writePrecompiledTemplates.js'),
);

writePrecompiledTemplates(new TemplateSet(BUILTIN_TEMPLATES_DIR), PRECOMPILED_DIR);
