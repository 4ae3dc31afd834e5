/** The shared dependency install of generated apps (see sharedInstall.js). */
export function sharedInstallDir(): string;
export function ensureSharedInstall(log?: (line: string) => void): string;
