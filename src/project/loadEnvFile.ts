import fs from 'fs';
import path from 'path';

/**
 * Reads `KEY=value` lines of the project's `.env` (the file Next.js also loads), so appgen sees
 * the same DATABASE_URL as the app. Variables already set in the environment win.
 */
export function projectEnv(root: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const file = path.join(root, '.env');
  const result: NodeJS.ProcessEnv = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
      const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
      if (!match) continue;
      const raw = match[2];
      const quoted = /^(['"])(.*)\1$/.exec(raw);
      result[match[1]] = quoted ? quoted[2] : raw.replace(/\s+#.*$/, '');
    }
  }
  return { ...result, ...env };
}
