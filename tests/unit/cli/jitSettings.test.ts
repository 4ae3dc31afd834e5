import { spawnSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import { INLINING_BUDGET, INLINING_FLAG, tuneJit } from '../../../src/cli/jitSettings';
import { APPGEN_CLI, CREATE_APPGEN_CLI } from '../support/paths';
import { ensureBuiltCli } from '../support/runCli';
import { makeTempDir, removeTempProjects } from '../support/tempProject';

/**
 * appgen's commands run with V8's inlining budget lowered (issue 51's generation time), unless
 * the user gave one of their own.
 */

afterAll(removeTempProjects);

/** The flags tuneJit sets given node's own arguments. */
function flagsSet(execArgv: string[]): string[] {
  const set: string[] = [];
  tuneJit({ execArgv, setFlags: (flags) => set.push(flags) });
  return set;
}

describe('tuneJit', () => {
  it('lowers the inlining budget when the user set none', () => {
    expect(flagsSet([])).toEqual([`${INLINING_FLAG}=${INLINING_BUDGET}`]);
    expect(flagsSet(['--enable-source-maps', '--max-old-space-size=4096'])).toEqual([
      `${INLINING_FLAG}=${INLINING_BUDGET}`,
    ]);
  });

  it("leaves the user's own budget alone", () => {
    expect(flagsSet([`${INLINING_FLAG}=900`])).toEqual([]);
    expect(flagsSet(['--inspect', '--max_inlined_bytecode_size_cumulative=900'])).toEqual([]);
    expect(flagsSet([INLINING_FLAG, '900'])).toEqual([]);
    // A flag that only starts the same is another flag.
    expect(flagsSet([`${INLINING_FLAG}-other=1`])).toHaveLength(1);
  });
});

/** What `code` run by this Node.js writes to stderr. */
function stderrOf(code: string): string {
  return spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' }).stderr;
}

describe('this Node.js', () => {
  it("accepts the flag from a running process (V8 complains on stderr of one it doesn't know)", () => {
    const set = (flag: string) => `require('v8').setFlagsFromString(${JSON.stringify(flag)})`;
    expect(stderrOf(set(`${INLINING_FLAG}=${INLINING_BUDGET}`))).toBe('');
    expect(stderrOf(set('--no-such-appgen-flag'))).toMatch(/unrecognized flag/);
  });
});

describe('the commands', () => {
  beforeAll(ensureBuiltCli);

  /** The flags `node cli ...args` set through v8.setFlagsFromString before it exited. */
  function flagsOfRun(cli: string, args: string[], nodeArgs: string[] = []): string[] {
    const dir = makeTempDir('appgen-jit-');
    const report = path.join(dir, 'flags.json');
    const preload = path.join(dir, 'record.js');
    fs.writeFileSync(
      preload,
      [
        "const v8 = require('v8');",
        'const set = [];',
        'const original = v8.setFlagsFromString;',
        'v8.setFlagsFromString = (flags) => { set.push(flags); return original(flags); };',
        `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(set)));`,
        '',
      ].join('\n'),
    );
    const result = spawnSync(process.execPath, [...nodeArgs, '--require', preload, cli, ...args], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    return JSON.parse(fs.readFileSync(report, 'utf8')) as string[];
  }

  it("appgen and create-appgen set the budget; node's own flag wins", () => {
    const budget = `${INLINING_FLAG}=${INLINING_BUDGET}`;
    expect(flagsOfRun(APPGEN_CLI, ['--version'])).toEqual([budget]);
    expect(flagsOfRun(CREATE_APPGEN_CLI, ['--version'])).toEqual([budget]);
    expect(flagsOfRun(APPGEN_CLI, ['--version'], [`${INLINING_FLAG}=920`])).toEqual([]);
  });
});
