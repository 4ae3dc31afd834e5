import fs from 'fs';
import path from 'path';
import { ENV_VARIABLE_NAMES, mapEnvVariables, SET_BY_NEXT } from '../../../src/map/mapEnvVariables';
import { REPO_ROOT } from '../support/paths';

const BASE = {
  usesDatabase: true,
  provider: 'sqlite' as const,
  defaultDatabaseUrl: 'file:./prisma/dev.db',
  issuesTokens: false,
  hasAuth: false,
  trustProxy: 0,
};

/** Every `process.env.X` (or `process.env["X"]`) of every template and partial, with where it is. */
function variablesReadByTemplates(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else
        for (const match of fs
          .readFileSync(file, 'utf8')
          .matchAll(/process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[\s*["']([^"']+)["']\s*\])/g))
          found.set(match[1] ?? match[2], path.relative(REPO_ROOT, file));
    }
  };
  walk(path.join(REPO_ROOT, 'templates'));
  return found;
}

describe('the environment variables .env.example lists (src/map/mapEnvVariables.ts)', () => {
  it('include every variable a template reads (add a new one to ENV_VARIABLES)', () => {
    const read = variablesReadByTemplates();
    expect(read.size).toBeGreaterThan(4);
    const known = new Set([...ENV_VARIABLE_NAMES, ...SET_BY_NEXT]);
    const missing = [...read].filter(([name]) => !known.has(name)).map((e) => e.join(' in '));
    expect(missing).toEqual([]);
  });

  it('a SQLite app: DATABASE_URL optional (the embedded file), no session secret without auth', () => {
    const variables = mapEnvVariables(BASE);
    expect(variables.map((v) => v.name)).toEqual([
      'DATABASE_URL',
      'APPGEN_TRUSTED_ORIGINS',
      'APPGEN_TRUST_PROXY',
      'APPGEN_LOG_SQL',
      'PORT',
      'HOSTNAME',
      'NEXT_TELEMETRY_DISABLED',
    ]);
    expect(variables[0]).toMatchObject({
      requiredInProduction: false,
      default: 'file:./prisma/dev.db (the embedded SQLite file)',
    });
    expect(variables.filter((v) => v.requiredInProduction)).toEqual([]);
  });

  it('a PostgreSQL app with sign-up: DATABASE_URL and the session secret are required', () => {
    const variables = mapEnvVariables({ ...BASE, provider: 'postgresql', issuesTokens: true });
    expect(variables.filter((v) => v.requiredInProduction).map((v) => v.name)).toEqual([
      'DATABASE_URL',
      'APPGEN_SESSION_SECRET',
    ]);
    expect(variables.find((v) => v.name === 'APPGEN_SESSION_SECRET')?.example).toBe('');
  });

  it('the session secret also when routes only read sessions; trustProxy is the default', () => {
    const variables = mapEnvVariables({ ...BASE, hasAuth: true, trustProxy: 2 });
    expect(variables.map((v) => v.name)).toContain('APPGEN_SESSION_SECRET');
    expect(variables.find((v) => v.name === 'APPGEN_TRUST_PROXY')?.default).toBe(
      '2 (settings trustProxy)',
    );
  });

  it('no database: neither DATABASE_URL nor APPGEN_LOG_SQL', () => {
    const names = mapEnvVariables({ ...BASE, usesDatabase: false }).map((v) => v.name);
    expect(names).not.toContain('DATABASE_URL');
    expect(names).not.toContain('APPGEN_LOG_SQL');
  });
});
