// Part "generate": time and peak memory of `appgen generate` on synthetic projects of N models
// (cold, no-change re-run, one model changed), next to the floor: a plain Node script writing
// the same bytes. Every measurement is a child process of its own.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { measureNode } = require('./lib/measureChild');
const { snapshotAppgen } = require('./lib/snapshot');
const { median, fixed, printTable } = require('./lib/table');
const { writeSyntheticProject, changeOneModel } = require('./synthetic/syntheticProject');

const RAW_WRITER = path.join(__dirname, 'synthetic', 'writeRawFiles.js');
const STAGE_TIMES = path.join(__dirname, 'synthetic', 'stageTimes.js');
const NO_CHANGE_FLOOR = path.join(__dirname, 'synthetic', 'noChangeFloor.js');

/** "appgen: 0 created, 3 updated, 0 deleted, 4012 unchanged" → files written or deleted. */
function changedFiles(stdout) {
  const summary = stdout.trim().split('\n').pop();
  if (/everything up to date/.test(summary)) return 0;
  const match = /(\d+) created, (\d+) updated, (\d+) deleted/.exec(summary);
  if (!match) throw new Error(`unexpected appgen output: ${summary}`);
  return Number(match[1]) + Number(match[2]) + Number(match[3]);
}

/** Every file appgen wrote (generated, scaffolded and its manifest), path → content. */
function writtenFiles(dir) {
  const manifestPath = '.appgen/manifest.json';
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, manifestPath), 'utf8'));
  const paths = [...Object.keys(manifest.generated), ...manifest.scaffolded, manifestPath];
  return Object.fromEntries(paths.map((p) => [p, fs.readFileSync(path.join(dir, p), 'utf8')]));
}

function summarise(samples) {
  return {
    seconds: median(samples.map((s) => s.seconds)),
    rssMb: median(samples.map((s) => s.rssMb)),
  };
}

function benchOneSize(n, runs, workDir, appgen) {
  const generate = (dir) => measureNode([appgen.appgen, 'generate', '--cwd', dir]);
  const cold = [];
  const noChange = [];
  const oneModel = [];
  const floor = [];
  let payload;
  let affected = 0;
  for (let r = 0; r < runs; r++) {
    const dir = path.join(workDir, `n${n}-run${r}`);
    writeSyntheticProject(dir, n);
    cold.push(generate(dir));
    if (r === 0) payload = writtenFiles(dir);
    const again = generate(dir);
    if (changedFiles(again.stdout) !== 0)
      throw new Error(`a no-change re-run wrote files:\n${again.stdout.slice(-2000)}`);
    noChange.push(again);
    // The file-system calls a safe no-change check makes, on the same tree (noChangeFloor.js).
    floor.push(measureNode([NO_CHANGE_FLOOR, dir, appgen.root]));
    changeOneModel(dir, n);
    const changed = generate(dir);
    affected = changedFiles(changed.stdout);
    oneModel.push(changed);
  }
  const payloadFile = path.join(workDir, `n${n}-payload.json`);
  fs.writeFileSync(payloadFile, JSON.stringify(payload));
  const raw = [];
  for (let r = 0; r < runs; r++)
    raw.push(measureNode([RAW_WRITER, payloadFile, path.join(workDir, `n${n}-raw${r}`)]));
  const contents = Object.values(payload);
  let stages;
  try {
    stages = JSON.parse(
      measureNode([STAGE_TIMES, path.join(workDir, `n${n}-run0`), appgen.dist]).stdout,
    );
  } catch (error) {
    process.stdout.write(`  (no stage breakdown: ${error.message.split('\n')[0]})\n`);
  }
  return {
    stages,
    n,
    files: contents.length,
    bytes: contents.reduce((sum, c) => sum + Buffer.byteLength(c), 0),
    cold: summarise(cold),
    noChange: summarise(noChange),
    floor: summarise(floor),
    oneModel: { ...summarise(oneModel), affected },
    raw: summarise(raw),
  };
}

/** Growth exponent k in time ∝ N^k between two sizes (1 = linear). */
const exponent = (a, b, key) => Math.log(b[key].seconds / a[key].seconds) / Math.log(b.n / a.n);

async function runGeneration({ ns, runs, keep }) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-bench-gen-'));
  const appgen = snapshotAppgen();
  process.stdout.write(
    `generate: ${runs} run(s) per size, median shown; projects in ${workDir}, appgen copied to ${appgen.root}\n`,
  );
  const boot = summarise(Array.from({ length: runs }, () => measureNode(['-e', ''])));
  const results = [];
  try {
    for (const n of ns) {
      process.stdout.write(`  N = ${n} ...\n`);
      results.push(benchOneSize(n, runs, workDir, appgen));
    }
  } finally {
    if (!keep) {
      fs.rmSync(workDir, { recursive: true, force: true });
      appgen.remove();
    }
  }

  printTable(
    `appgen generate (wall seconds incl. Node start-up; peak RSS in MB; empty \`node -e ""\`: ${fixed(boot.seconds, 3)} s, ${fixed(boot.rssMb, 0)} MB)`,
    [
      'N',
      'files',
      'MB out',
      'cold s',
      'RSS',
      'no-change s',
      'RSS',
      'its floor s',
      'one model s',
      'files',
      'RSS',
      'raw write s',
      'RSS',
      'cold ÷ raw',
      'no-chg ÷ raw',
    ],
    results.map((r) => [
      r.n,
      r.files,
      fixed(r.bytes / 1e6, 1),
      fixed(r.cold.seconds),
      fixed(r.cold.rssMb, 0),
      fixed(r.noChange.seconds),
      fixed(r.noChange.rssMb, 0),
      fixed(r.floor.seconds),
      fixed(r.oneModel.seconds),
      r.oneModel.affected,
      fixed(r.oneModel.rssMb, 0),
      fixed(r.raw.seconds),
      fixed(r.raw.rssMb, 0),
      `${fixed(r.cold.seconds / r.raw.seconds, 1)}×`,
      `${fixed(r.noChange.seconds / r.raw.seconds, 1)}×`,
    ]),
  );
  if (results.length > 1) {
    printTable(
      'growth with N (exponent k in time ∝ N^k; 1 = linear)',
      ['N from → to', 'cold k', 'no-change k', 'one model k', 'raw write k'],
      results.slice(1).map((b, i) => {
        const a = results[i];
        return [
          `${a.n} → ${b.n}`,
          fixed(exponent(a, b, 'cold')),
          fixed(exponent(a, b, 'noChange')),
          fixed(exponent(a, b, 'oneModel')),
          fixed(exponent(a, b, 'raw')),
        ];
      }),
    );
  }

  const withStages = results.filter((r) => r.stages);
  if (withStages.length > 0) {
    printTable(
      'where a run without the generation cache spends its time (ms, in-process, one run on the up-to-date tree; render = Handlebars with the precompiled templates)',
      ['stage', ...withStages.map((r) => `N=${r.n}`)],
      Object.keys(withStages[0].stages).map((stage) => [
        stage,
        ...withStages.map((r) => fixed(r.stages[stage], 0)),
      ]),
    );
  }

  const largest = results.find((r) => r.n === 1000) ?? results[results.length - 1];
  // "0.3 s plus the files it affects": the allowance grows by the raw cost of writing those files.
  const perFile = largest.raw.seconds / largest.files;
  const changeBudget = 0.3 + largest.oneModel.affected * perFile;
  return [
    {
      goal: `N=${largest.n} cold generate ≤ 3 × the raw write (= ${fixed(3 * largest.raw.seconds, 3)} s; issue 20)`,
      measured: `${fixed(largest.cold.seconds)} s (${fixed(largest.cold.seconds / largest.raw.seconds, 1)}×)`,
      met: largest.cold.seconds <= 3 * largest.raw.seconds,
    },
    {
      goal: `N=${largest.n} no-change re-run < 0.3 s (issue 20)`,
      measured: `${fixed(largest.noChange.seconds)} s (its floor on this machine: ${fixed(largest.floor.seconds)} s)`,
      met: largest.noChange.seconds < 0.3,
    },
    {
      goal: `N=${largest.n} one model changed < 0.3 s + its ${largest.oneModel.affected} files (= ${fixed(changeBudget, 3)} s)`,
      measured: `${fixed(largest.oneModel.seconds)} s`,
      met: largest.oneModel.seconds < changeBudget,
    },
  ];
}

module.exports = { runGeneration };
