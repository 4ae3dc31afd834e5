import { ensureSharedInstall } from './sharedInstall';

export default async function globalSetup(): Promise<void> {
  ensureSharedInstall((line) => process.stdout.write(`\n[e2e] ${line}\n`));
}
