// Part "against": cold `appgen generate` of this build beside an earlier revision's (`--ref`), on
// the same synthetic projects, the two alternated run by run so that drift on the machine hits
// both alike: what issue 51's "generation time no worse than before" asks. Each N: `--rounds`
// rounds, each one cold run of either build on a fresh copy of the project (the order reversed
// every round), timed from spawn to exit. The figure to read is the median of the per-round ratios
// (this ÷ ref) with its 95% bootstrap interval: single runs on a shared 2-CPU machine spread by
// ±15-30%, the median of 30 paired ratios by a few percent.
const { execFileSync, spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { measureNode } = require('./lib/measureChild');
const { REPO_ROOT } = require('./lib/paths');
const { snapshotAppgen } = require('./lib/snapshot');
const { median, fixed, printTable } = require('./lib/table');
const { writeSyntheticProject } = require('./synthetic/syntheticProject');

/** tmpfs when the machine has one: on a disk, the same run drifted by 2x within minutes. */
function scratchRoot() {
  const shm = '/dev/shm';
  const base = fs.existsSync(shm) ? shm : os.tmpdir();
  return fs.mkdtempSync(path.join(base, 'appgen-bench-against-'));
}

const git = (...args) =>
  execFileSync('git', args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();

/** This build's revision, and whether the working tree has changes beside it. */
function currentRevision() {
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  return `${git('rev-parse', '--short=8', 'HEAD')}${dirty ? ' with uncommitted changes' : ''}`;
}

/**
 * `ref` checked out in a worktree of its own and built (`node scripts/build.js`) against this
 * checkout's node_modules: a revision whose dependencies differ from today's may not build.
 */
function buildRevision(ref, dir) {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  git('worktree', 'add', '--detach', dir, commit);
  const remove = () => git('worktree', 'remove', '--force', dir);
  try {
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    execFileSync(process.execPath, ['scripts/build.js'], { cwd: dir, stdio: 'pipe' });
  } catch (error) {
    remove();
    throw new Error(`${ref} did not build against this checkout's node_modules`, { cause: error });
  }
  return { commit, appgen: path.join(dir, 'dist', 'cli', 'appgen.js'), remove };
}

/**
 * Wall seconds of one cold `appgen generate` on a fresh copy of `project`, timed as part
 * "generate" times it (lib/measureChild.js: spawn to exit), node given `nodeFlags` (V8's settings
 * alike for both builds: `--against-node-flags`).
 */
function coldRun(appgen, project, scratch, nodeFlags) {
  const dir = path.join(scratch, 'run');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(project, dir, { recursive: true });
  spawnSync('sync');
  return measureNode([...nodeFlags, appgen, 'generate', '--cwd', dir]).seconds;
}

/** The node flags both builds ran with, for a table's title. */
function flagsNote(nodeFlags) {
  return nodeFlags.length === 0 ? '' : `, both run as node ${nodeFlags.join(' ')}`;
}

/** The 95% interval of the median of `values`, by resampling them (a fixed seed: reproducible). */
function medianInterval(values, resamples = 4000) {
  let seed = 51;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const medians = [];
  for (let i = 0; i < resamples; i++)
    medians.push(median(values.map(() => values[Math.floor(random() * values.length)])));
  medians.sort((a, b) => a - b);
  return [medians[Math.floor(0.025 * resamples)], medians[Math.floor(0.975 * resamples) - 1]];
}

/**
 * Whether this build is no slower than the reference: yes when the whole interval of the ratio is
 * at most 1, NO when it is wholly above, else unclear (bench/README.md's rule: a difference
 * smaller than the noise decides nothing).
 */
function verdict([low, high]) {
  if (high <= 1) return true;
  if (low > 1) return false;
  return 'unclear';
}

async function runGenerationAgainst(opts) {
  if (!opts.ref) {
    // `npm run bench` (every part) runs it only when given a revision.
    if (opts.partsNamed)
      throw new Error('part "against" needs --ref <git revision>, e.g. --ref e2c20fa7');
    process.stdout.write('skipped: no --ref <git revision> to compare with\n');
    return [];
  }
  const scratch = scratchRoot();
  const current = snapshotAppgen();
  let reference;
  try {
    process.stdout.write(`building ${opts.ref} in a worktree ...\n`);
    reference = buildRevision(opts.ref, path.join(scratch, 'ref'));
    const rows = [];
    const goals = [];
    for (const n of opts.ns) {
      const project = path.join(scratch, `n${n}`);
      writeSyntheticProject(project, n);
      const builds = { ref: reference.appgen, current: current.appgen };
      const times = { ref: [], current: [] };
      const ratios = [];
      process.stdout.write(`N = ${n}: ${opts.againstRounds} rounds `);
      for (let round = 0; round < opts.againstRounds; round++) {
        const order = round % 2 === 0 ? ['ref', 'current'] : ['current', 'ref'];
        const took = {};
        for (const build of order)
          took[build] = coldRun(builds[build], project, scratch, opts.againstNodeFlags);
        times.ref.push(took.ref);
        times.current.push(took.current);
        ratios.push(took.current / took.ref);
        process.stdout.write('.');
      }
      process.stdout.write('\n');
      const interval = medianInterval(ratios);
      rows.push([
        n,
        opts.againstRounds,
        fixed(median(times.ref), 3),
        fixed(median(times.current), 3),
        fixed(median(ratios), 3),
        `${fixed(interval[0], 3)}-${fixed(interval[1], 3)}`,
        `${ratios.filter((ratio) => ratio < 1).length} of ${ratios.length}`,
      ]);
      goals.push({
        goal: `cold generate at N = ${n} no slower than ${opts.ref} (issue 51)${flagsNote(opts.againstNodeFlags)}`,
        measured: `this ÷ ref ${fixed(median(ratios), 3)} (95%: ${fixed(interval[0], 3)}-${fixed(interval[1], 3)})`,
        met: verdict(interval),
      });
    }
    printTable(
      `cold appgen generate, this build (${currentRevision()}) beside ${opts.ref} (${reference.commit.slice(0, 8)}), alternated run by run${flagsNote(opts.againstNodeFlags)}`,
      [
        'N',
        'rounds',
        'ref s',
        'this s',
        'this ÷ ref (median of rounds)',
        '95% interval',
        'this faster in',
      ],
      rows,
    );
    return goals;
  } finally {
    reference?.remove();
    current.remove();
    if (!opts.keep) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

module.exports = { runGenerationAgainst, medianInterval, verdict };
