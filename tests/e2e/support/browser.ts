import fs from 'fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it); APPGEN_CHROMIUM points elsewhere. */
export const CHROMIUM = process.env.APPGEN_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Headless Chromium driven by playwright-core (which never downloads a browser), with a fresh
 * profile of its own. The flags keep it off the network: these machines reach nothing but
 * 127.0.0.1 and the package registries.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set APPGEN_CHROMIUM`,
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
