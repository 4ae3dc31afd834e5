/**
 * What a command prints while one of its steps takes long, so the terminal is never silent for
 * long (issue 40): once the step has run for `afterMs`, "<doing>..."; then every `everyMs`,
 * "<doing>... (still running, 12 s)". A step that ends sooner prints nothing here: the caller's
 * own line says it is done. The timers need the event loop, so this is for asynchronous steps
 * (a child process, awaited work).
 */
export interface SlowStepOptions {
  afterMs?: number;
  /** The caller printed "<doing>" already: only the "still running" lines. */
  announced?: boolean;
  everyMs?: number;
  now?: () => number;
}

/** "850 ms", "12.3 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Starts watching a step; call the returned function when it ends (also when it fails). */
export function whileSlow(
  log: (line: string) => void,
  doing: string,
  {
    afterMs = 1000,
    everyMs = 5000,
    announced = false,
    now = () => performance.now(),
  }: SlowStepOptions = {},
): () => void {
  const started = now();
  let ticker: NodeJS.Timeout | undefined;
  const still = () => log(`${doing}... (still running, ${Math.round((now() - started) / 1000)} s)`);
  const first = setTimeout(() => {
    if (announced) still();
    else log(`${doing}...`);
    ticker = setInterval(still, everyMs);
    ticker.unref();
  }, afterMs);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(ticker);
  };
}

/** Runs `work` under whileSlow; returns its result and how long it took. */
export async function timedStep<T>(
  log: (line: string) => void,
  doing: string,
  work: () => Promise<T>,
  options: SlowStepOptions = {},
): Promise<{ result: T; took: string }> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const stop = whileSlow(log, doing, options);
  try {
    const result = await work();
    return { result, took: formatDuration(now() - started) };
  } finally {
    stop();
  }
}
