// ESLint (flat config): typescript-eslint's recommended rules over appgen's own code. Generated
// apps are checked by tsc --strict and next build in the tests, not here.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');

const nodeGlobals = Object.fromEntries(
  [
    'require',
    'module',
    'process',
    '__dirname',
    'console',
    'Buffer',
    'URL',
    'fetch',
    'performance',
    'AbortController',
  ]
    .concat(['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate'])
    .map((name) => [name, 'readonly']),
);

module.exports = tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      // Templates are no code; templates/create/ holds the starter's files. The runtime files
      // (templates/**/*.ts, copied into projects as they are) are linted like appgen's own.
      'templates/**/*.hbs',
      'templates/create/',
      'tests/golden/',
      'tests/e2e/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a value left unused on purpose (a destructured part, an argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Terminal escapes and U+0000 are matched on purpose (stripping next dev's codes, refusing NUL).
      'no-control-regex': 'off',
    },
  },
  {
    // Tests walk parsed JSON documents (OpenAPI, schemas) whose shape they assert as they go.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: nodeGlobals },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: nodeGlobals },
  },
);
