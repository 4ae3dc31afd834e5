import { sharedInstall } from './generatedAppTypes';

/**
 * tests/unit/generate/optionPairs.test.ts type-checks generated code against the packages of the
 * e2e tests' shared install. It is made here, before any test runs, when missing (2-3 minutes,
 * once per checkout and set of pins): installing it runs appgen's own `prepare` (a build of
 * dist/), which must not happen while the CLI tests run dist/.
 */
export default async function globalSetup(): Promise<void> {
  sharedInstall();
}
