import { createProgress } from '../../../src/create/progress';
import { formatDuration, timedStep, whileSlow } from '../../../src/project/slowStep';

// Issue 40: no step of `npm run demo`, create-appgen or appgen dev is silent for long.
describe('slow steps say they are running', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says nothing for a step under a second, then what it does, then every 5 s that it still runs', () => {
    const lines: string[] = [];
    let clock = 0;
    const stop = whileSlow((line) => lines.push(line), 'appgen: generating the Prisma client', {
      now: () => clock,
    });
    clock = 900;
    jest.advanceTimersByTime(900);
    expect(lines).toEqual([]);
    clock = 1000;
    jest.advanceTimersByTime(100);
    expect(lines).toEqual(['appgen: generating the Prisma client...']);
    clock = 6000;
    jest.advanceTimersByTime(5000);
    clock = 11000;
    jest.advanceTimersByTime(5000);
    expect(lines.slice(1)).toEqual([
      'appgen: generating the Prisma client... (still running, 6 s)',
      'appgen: generating the Prisma client... (still running, 11 s)',
    ]);
    stop();
    jest.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(3);
  });

  it('timedStep hands back the result and how long it took, and stops saying it runs', async () => {
    const lines: string[] = [];
    let clock = 0;
    const { result, took } = await timedStep(
      (line) => lines.push(line),
      'work',
      async () => {
        clock = 2500;
        return 42;
      },
      { now: () => clock },
    );
    expect([result, took]).toEqual([42, '2.5 s']);
    jest.advanceTimersByTime(60_000);
    expect(lines).toEqual([]);
  });

  it("create-appgen's asynchronous step: its line, a heartbeat after 5 s, then ✔ with the time", async () => {
    let text = '';
    let clock = 0;
    const progress = createProgress(
      (t) => (text += t),
      () => clock,
    );
    let finish: () => void = () => {};
    const step = progress.stepAsync(
      {
        doing: 'Installing packages...',
        done: () => 'Installed packages',
        heartbeat: 'npm install',
      },
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    clock = 5000;
    jest.advanceTimersByTime(5000);
    clock = 7200;
    finish();
    await step;
    expect(text).toBe(
      'Installing packages...\n  npm install... (still running, 5 s)\n✔ Installed packages (7.2 s)\n',
    );
  });

  it.each([
    [850, '850 ms'],
    [12_340, '12.3 s'],
    [125_000, '2 min 5 s'],
  ])('formats %d ms as %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});
