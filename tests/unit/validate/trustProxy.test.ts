import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

const files = (settings?: unknown) =>
  minimalProject(settings === undefined ? {} : { 'appgen.config.json': settings });
const problems = (settings: unknown) => problemsIn(files(settings)).map(describeProblem);

describe('"trustProxy" in appgen.config.json', () => {
  it('defaults to 0 (no proxy: forwarded headers are ignored) and reads a count', () => {
    expect(checkedProject(files()).trustProxy).toBe(0);
    expect(checkedProject(files({ orm: 'prisma' })).trustProxy).toBe(0);
    expect(checkedProject(files({ trustProxy: 2 })).trustProxy).toBe(2);
  });

  it('refuses what is not a count of proxies, with the line and a fix', () => {
    expect(problems({ trustProxy: -1 })).toEqual([
      'appgen.config.json:2:17 trustProxy | must be >= 0 | use a whole number from 0 to 10.',
    ]);
    expect(problems({ trustProxy: 1.5 })).toEqual([
      'appgen.config.json:2:17 trustProxy | must be integer, got number 1.5 | write a whole number here.',
    ]);
    expect(problems({ trustProxy: 11 })).toEqual([
      'appgen.config.json:2:17 trustProxy | must be <= 10 | use a whole number from 0 to 10.',
    ]);
    expect(problems({ trustProxy: '1' })).toEqual([
      'appgen.config.json:2:17 trustProxy | must be integer, got string "1" | write 1, without quotes.',
    ]);
  });

  it("says what to write instead of Express's true or false", () => {
    expect(problems({ trustProxy: true })).toEqual([
      'appgen.config.json:2:17 trustProxy | must be the number of reverse proxies in front of the app, got true | write 1 for one proxy or load balancer (2 for a CDN in front of it): trusting every proxy would let any client choose the host and address the app sees.',
    ]);
    expect(problems({ trustProxy: false })).toEqual([
      'appgen.config.json:2:17 trustProxy | must be the number of reverse proxies in front of the app, got false | write 0 (the default), or leave it out.',
    ]);
  });
});
