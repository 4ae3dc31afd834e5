import type { Diagnostic } from '../../../src/diagnostics/diagnostic';
import { closestMatch, suggest } from '../../../src/diagnostics/didYouMean';
import { formatDiagnostics } from '../../../src/diagnostics/formatDiagnostics';

const problem = (
  file: string,
  line: number,
  column: number,
  message: string,
  extra: Partial<Diagnostic> = {},
): Diagnostic => ({
  file,
  jsonPath: 'routes[0].path',
  location: { line, column },
  message,
  hint: 'fix it.',
  ...extra,
});

describe('formatDiagnostics', () => {
  it('prints each problem with file:line:column, JSON path, message and fix, then a summary', () => {
    expect(formatDiagnostics([problem('config/routes/users.json', 4, 15, 'bad path')])).toBe(
      'error config/routes/users.json:4:15  routes[0].path\n  bad path\n  fix: fix it.\n\n1 problem found; nothing was written.',
    );
  });

  it('sorts by file, line and column, whatever order the checks found them in', () => {
    const text = formatDiagnostics([
      problem('config/views/login.json', 2, 1, 'c'),
      problem('config/models/User.json', 9, 3, 'b'),
      problem('config/models/User.json', 9, 1, 'a'),
    ]);
    expect(text.split('\n').filter((line) => line.startsWith('error '))).toEqual([
      'error config/models/User.json:9:1  routes[0].path',
      'error config/models/User.json:9:3  routes[0].path',
      'error config/views/login.json:2:1  routes[0].path',
    ]);
    expect(text.endsWith('3 problems found; nothing was written.')).toBe(true);
  });

  it('leaves out what a problem does not have', () => {
    expect(
      formatDiagnostics([{ file: 'config/models/x.yaml', jsonPath: '', message: 'not json' }]),
    ).toBe('error config/models/x.yaml\n  not json\n\n1 problem found; nothing was written.');
  });
});

describe('did you mean', () => {
  it('finds a close candidate, ignoring case', () => {
    expect(closestMatch('usr', ['Post', 'User'])).toBe('User');
    expect(suggest('isEmial', ['notEmpty', 'isEmail'])).toBe('did you mean "isEmail"?');
  });

  it('lists the candidates when none is close, and nothing when there are none', () => {
    expect(closestMatch('Zebra', ['Post', 'User'])).toBeUndefined();
    expect(suggest('Zebra', ['Post', 'User'], 'a model:')).toBe('use a model: "Post", "User".');
    expect(suggest('Zebra', [])).toBe('');
  });

  it('shows at most twelve candidates', () => {
    const many = Array.from({ length: 20 }, (_, i) => `name${String.fromCharCode(65 + i)}${i}`);
    expect(suggest('zzzzzzzzzzzz', many)).toMatch(/"nameL11", or one of 8 more\.$/);
  });
});
