/**
 * create-appgen's own progress lines, each step with what it does and how long it took, so the
 * user knows what is happening between npm's output (as create-next-app and create-t3-app do).
 */
export interface Progress {
  /**
   * Runs one step: prints what it starts (for slow steps), then "✔ <done> (<time>)", or
   * "- <skipped>" when the step found it had nothing to do.
   */
  step<T>(
    label: { doing?: string; done: (result: T) => string | { skipped: string } },
    work: () => T,
  ): T;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function createProgress(
  write: (text: string) => void = (t) => process.stdout.write(t),
  now: () => number = () => performance.now(),
): Progress {
  return {
    step(label, work) {
      if (label.doing) write(`${label.doing}\n`);
      const started = now();
      const result = work();
      const done = label.done(result);
      write(
        typeof done === 'string'
          ? `✔ ${done} (${formatDuration(now() - started)})\n`
          : `- ${done.skipped}\n`,
      );
      return result;
    },
  };
}
