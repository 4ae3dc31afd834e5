import { sharedInstall } from './generatedAppTypes';

/**
 * The unit tests that type-check generated code (they import ./generatedAppTypes) do so against
 * the packages of the e2e tests' shared install. It is made here, before any test runs, when
 * missing (2-3 minutes, once per checkout and set of pins). `npm test` makes it in the background
 * instead, while the other unit tests run, then runs those tests (scripts/run-tests.js): it sets
 * APPGEN_SHARED_INSTALL_IN_BACKGROUND for the run that leaves them out.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.APPGEN_SHARED_INSTALL_IN_BACKGROUND) return;
  sharedInstall();
}
