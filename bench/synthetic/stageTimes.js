// Where one `appgen generate` spends its time, stage by stage (the pipeline of DESIGN.md), run
// in-process on a project folder: `node stageTimes.js <project> [<appgen dist>]` prints one JSON
// line of milliseconds. Uses appgen's internal modules from dist/: if they move, this fails alone.
const fs = require('fs');
const path = require('path');

const dist = path.resolve(process.argv[3] ?? path.join(__dirname, '..', '..', 'dist'));
const started = performance.now();
const { loadProject } = require(path.join(dist, 'load', 'loadProject'));
const { validateProject } = require(path.join(dist, 'validate', 'validateProject'));
const { mapProject } = require(path.join(dist, 'map', 'mapProject'));
const { TemplateSet } = require(path.join(dist, 'render', 'templateSet'));
const { buildFileMap } = require(path.join(dist, 'render', 'buildFileMap'));
const { BUILTIN_TEMPLATES_DIR } = require(path.join(dist, 'paths', 'packageRoot'));
const { precompiledIn } = require(path.join(dist, 'render', 'precompiledTemplates'));
const { planWrite } = require(path.join(dist, 'write', 'planWrite'));

const root = path.resolve(process.argv[2]);
const times = { 'require modules': performance.now() - started };
const stage = (name, work) => {
  const t = performance.now();
  const value = work();
  times[name] = performance.now() - t;
  return value;
};
const loaded = stage('load (read + parse JSON)', () => loadProject(root));
const checked = stage('validate', () => validateProject(loaded));
const context = stage('map', () =>
  mapProject(checked, { provider: 'sqlite', defaultDatabaseUrl: 'file:./prisma/dev.db' }),
);
const projectTemplates = path.join(root, 'templates');
const templates = stage(
  'compile templates',
  () =>
    new TemplateSet(
      BUILTIN_TEMPLATES_DIR,
      fs.existsSync(projectTemplates) ? projectTemplates : undefined,
      // The built-in templates as `npm run build` precompiled them, as appgen uses them.
      precompiledIn(),
    ),
);
const files = stage('render', () => buildFileMap(context, templates));
stage('plan (read + compare outputs)', () => planWrite(root, files));
process.stdout.write(`${JSON.stringify(times)}\n`);
