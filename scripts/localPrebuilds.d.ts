/** better-sqlite3's binary of the shared install, offered to installs under a folder (see localPrebuilds.js). */
export function offerSharedPrebuilds(folder: string): boolean;
