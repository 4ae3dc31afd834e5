import { formatDuration, whileSlow } from '../project/slowStep';

export { formatDuration };

/** What a step prints when it is done: a line, or why it was skipped. */
export type StepLabel<T> = {
  doing?: string;
  done: (result: T) => string | { skipped: string };
};

/**
 * create-appgen's own progress lines, each step with what it does and how long it took, so the
 * user knows what is happening between npm's output (as create-next-app and create-t3-app do).
 */
export interface Progress {
  /**
   * Runs one step: prints what it starts (for slow steps), then "✔ <done> (<time>)", or
   * "- <skipped>" when the step found it had nothing to do.
   */
  step<T>(label: StepLabel<T>, work: () => T): T;
  /**
   * The same for a step that runs asynchronously (a child process); with `heartbeat`, it also
   * says every few seconds that the step is still running (src/project/slowStep.ts).
   */
  stepAsync<T>(label: StepLabel<T> & { heartbeat?: string }, work: () => Promise<T>): Promise<T>;
}

export function createProgress(
  write: (text: string) => void = (t) => process.stdout.write(t),
  now: () => number = () => performance.now(),
): Progress {
  const finish = <T>(label: StepLabel<T>, result: T, started: number) => {
    const done = label.done(result);
    write(
      typeof done === 'string'
        ? `✔ ${done} (${formatDuration(now() - started)})\n`
        : `- ${done.skipped}\n`,
    );
    return result;
  };
  return {
    step(label, work) {
      if (label.doing) write(`${label.doing}\n`);
      const started = now();
      return finish(label, work(), started);
    },
    async stepAsync(label, work) {
      if (label.doing) write(`${label.doing}\n`);
      const started = now();
      const stop = label.heartbeat
        ? whileSlow((line) => write(`  ${line}\n`), label.heartbeat, {
            afterMs: 5000,
            announced: true,
            now,
          })
        : () => {};
      try {
        return finish(label, await work(), started);
      } finally {
        stop();
      }
    },
  };
}
