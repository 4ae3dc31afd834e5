/** Two projects: fast unit/golden/CLI tests, and end-to-end tests that install and run apps. */
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.json' }];

module.exports = {
  // Longest suites first, also on a fresh clone with no cached timings (scripts/jestSequencer.js).
  testSequencer: '<rootDir>/scripts/jestSequencer.js',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': tsJest },
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts'],
      // The packages generated code imports, which optionPairs.test.ts type-checks against: the
      // e2e tests' shared install, made once (see tests/unit/support/globalSetup.ts).
      globalSetup: '<rootDir>/tests/unit/support/globalSetup.ts',
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': tsJest },
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
      // One shared dependency install serves every scenario; see tests/e2e/support/sharedInstall.ts.
      globalSetup: '<rootDir>/tests/e2e/support/globalSetup.ts',
    },
  ],
};
