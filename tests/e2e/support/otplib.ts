import { execFileSync } from 'child_process';

/**
 * otplib (the generated apps' TOTP library) called in a plain Node.js process: Jest's module
 * loader cannot load its ES-module-only dependencies (@noble/hashes, @scure/base), and Node.js
 * 20.19+ can. Each call is one short process (about 60 ms): the tests that compute codes call it
 * a few times each. `name` is an export of otplib's, `options` its one argument; its answer
 * comes back through JSON.
 */
export function otplibCall<T>(
  name: 'generate' | 'generateSecret' | 'generateURI' | 'verify',
  options: unknown,
): T {
  const script = `
    const otplib = require("otplib");
    let input = "";
    process.stdin.on("data", (chunk) => (input += chunk));
    process.stdin.on("end", async () => {
      const answer = await otplib[${JSON.stringify(name)}](JSON.parse(input));
      process.stdout.write(JSON.stringify(answer === undefined ? null : answer));
    });`;
  const output = execFileSync(process.execPath, ['-e', script], {
    input: JSON.stringify(options ?? {}),
    encoding: 'utf8',
    cwd: __dirname,
  });
  return JSON.parse(output) as T;
}

/** The code an authenticator app shows for this secret at this time (seconds; default: now). */
export function totpCode(secret: string, epochSeconds = Math.floor(Date.now() / 1000)): string {
  return otplibCall<string>('generate', { secret, epoch: epochSeconds });
}
