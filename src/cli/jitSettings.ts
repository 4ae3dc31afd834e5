import v8 from 'v8';

/**
 * V8's budget for inlining callees into one function its optimising compiler (TurboFan) compiles,
 * in bytes of bytecode (V8's default: 920).
 */
export const INLINING_FLAG = '--max-inlined-bytecode-size-cumulative';

/**
 * The budget appgen's own commands run with. A generation is short, batch work through many
 * functions that each run hot for a moment (the precompiled templates, the layout helpers,
 * pruneUnusedImports); with V8's default budget, compiling them with their callees inlined took
 * ~600 ms by V8's own timing (`node --trace-opt`) on a second thread during a 0.65 s cold
 * `appgen generate` of 100 models, and on a 2-CPU machine that work competes with the run. With
 * 150 the same generation is ~5% faster at 100 and at 1,000 models (issue 51's generation time,
 * bench/README.md).
 */
export const INLINING_BUDGET = 150;

/** Node.js's own arguments to this process (where a V8 flag is given), and how to set one. */
export interface JitSources {
  execArgv: readonly string[];
  setFlags: (flags: string) => void;
}

/** Whether `argument` sets V8's inlining budget (V8 reads `-` and `_` in flag names alike). */
function setsInliningBudget(argument: string): boolean {
  const name = argument.replace(/_/g, '-');
  return name === INLINING_FLAG || name.startsWith(`${INLINING_FLAG}=`);
}

/**
 * Lowers V8's inlining budget for this process, unless the user gave one of their own on node's
 * command line (`node --max-inlined-bytecode-size-cumulative=920 node_modules/.bin/appgen ...`;
 * Node.js refuses the flag in NODE_OPTIONS). Call before the work starts: the budget applies
 * to each function compiled after it. Node.js keeps V8's flags writable after start-up for
 * `v8.setFlagsFromString`; this flag exists in every Node.js version appgen supports
 * (tests/unit/cli/jitSettings.test.ts checks the running one accepts it). Child processes
 * (`next dev`, `prisma`) keep V8's defaults. Returns whether it set the budget.
 */
export function tuneJit(
  sources: JitSources = {
    execArgv: process.execArgv,
    setFlags: (flags) => v8.setFlagsFromString(flags),
  },
): boolean {
  if (sources.execArgv.some(setsInliningBudget)) return false;
  sources.setFlags(`${INLINING_FLAG}=${INLINING_BUDGET}`);
  return true;
}
