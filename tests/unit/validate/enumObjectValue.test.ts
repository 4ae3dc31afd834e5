import { describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

// Found by the fuzz test (seed 15, past its 20 s budget): an object where a name from a list
// belongs, with a key String() cannot convert ("toString"), crashed generate (exit 2).
it('an object value of an enum is a located error, not a crash', () => {
  const problems = problemsIn(
    minimalProject({ 'appgen.config.json': { orm: { toString: 1 } } }),
  ).map(describeProblem);
  expect(problems).toEqual(
    expect.arrayContaining([expect.stringContaining('an object is not allowed here')]),
  );
});
