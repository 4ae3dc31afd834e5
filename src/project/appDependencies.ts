/**
 * Exact versions a generated app installs. Exact, not ranges: the generated code, the offline
 * schema push (src/db/wasmSchemaEngine.ts uses Prisma internals) and the e2e tests were verified
 * against exactly these, installed together with Node 20.20 / npm 11.
 */

/** Every app: Next.js App Router. */
export const APP_BASE_DEPENDENCIES: Record<string, string> = {
  next: '16.4.6',
  react: '19.3.1',
  'react-dom': '19.3.1',
  // Signed session tokens (src/appgen/session.ts): a well-kept JOSE/JWT library, no native code.
  jose: '6.2.17',
  // The API documentation page (/api/docs): Swagger UI as static files, bundled by Next.js, so the
  // page needs no CDN. Its one dependency, @scarf/scarf, reports installs unless the project's
  // package.json says `scarfSettings.enabled: false` (src/create/projectFiles.ts does).
  'swagger-ui-dist': '5.35.0',
  // Scheduled jobs (src/appgen/jobs.ts): when each run is due. appgen checks schedules at generate
  // time with the same version (its own dependency; a unit test keeps the two equal). Every app
  // has it, so adding a job later needs no install. Its one dependency is luxon (time zones).
  'cron-parser': '5.10.6',
  // Account mail (src/appgen/mail.ts): SMTP, well kept, no dependencies of its own. Every app has
  // it, so adding a password reset later needs no install.
  nodemailer: '10.6.1',
  // A second factor (src/appgen/totp.ts): time-based one-time codes (RFC 6238) by otplib, the
  // maintained TOTP library (its crypto is @noble's), and the enrolment's QR code by qrcode, the
  // most used QR encoder (SVG output, no native code). Every app has them, as it has nodemailer.
  otplib: '13.5.0',
  qrcode: '1.5.4',
  // Sign-in with OpenID Connect providers (src/appgen/oidc.ts): panva's certified relying party
  // (PKCE, state, nonce, the ID token's checks), on oauth4webapi and jose. Every app has it.
  'openid-client': '6.9.0',
};

/**
 * Apps backed by Prisma. All @prisma/* packages are 7.10.0 so the client, the CLI and the
 * adapters agree (adapter-better-sqlite3 7.10.0 pins driver-adapter-utils 7.10.0 exactly; 7.10.1
 * of prisma/adapter-pg would pull a second copy). `prisma` and the wasm schema engine are
 * dependencies, not devDependencies: `build` runs `prisma generate` and the schema push on the
 * server too.
 */
export const PRISMA_APP_DEPENDENCIES: Record<string, string> = {
  '@prisma/client': '7.10.0',
  prisma: '7.10.0',
  '@prisma/adapter-better-sqlite3': '7.10.0',
  '@prisma/adapter-pg': '7.10.0',
  '@prisma/driver-adapter-utils': '7.10.0',
  // The schema engine of prisma 7.10.0 itself (its CLI bundles this very .wasm), as WebAssembly:
  // `db push` without the native engine binary, which only downloads from binaries.prisma.sh.
  '@prisma/schema-engine-wasm': '7.10.0-4.0edf323efd1d98336f3f0a68684b56f689b900d3',
  // Built from source on install when no prebuilt binary can be downloaded (~1 min).
  // adapter-better-sqlite3 7.10.0 wants ^12.6.0.
  'better-sqlite3': '12.11.1',
  // adapter-pg 7.10.0 wants ^8.16.3; pinned here so every install gets the same one.
  pg: '8.23.1',
};

/**
 * Apps backed by Drizzle ORM. `drizzle-kit` is a dependency, not a devDependency: appgen loads its
 * programmatic API (`drizzle-kit/api`, pushSQLiteSchema / pushSchema) from the app to sync the
 * schema in `dev` and `build`, on the server too. Same drivers and versions as the Prisma variant.
 */
export const DRIZZLE_APP_DEPENDENCIES: Record<string, string> = {
  'drizzle-orm': '0.45.4',
  'drizzle-kit': '0.31.11',
  'better-sqlite3': '12.11.1',
  pg: '8.23.1',
  // UUIDv7 ids (src/appgen/schema.ts), made as Prisma's client makes them (@default(uuid(7))).
  uuid: '14.0.3',
};

/**
 * Packages of a Prisma app's tree that a folder of the project stands in for (npm `overrides`,
 * package name → folder). @prisma/streams-local, a dependency of @prisma/dev (itself of the
 * `prisma` CLI), declares Node.js >= 22 (it uses node:sqlite) and is loaded by `prisma dev` only,
 * the local Prisma Postgres server that appgen never runs: on Node.js 20, which Prisma 7.10 and
 * appgen support, every install warned about it (EBADENGINE) for a command that could not work
 * there anyway. The stand-in says so if anything loads it.
 */
export const PRISMA_STAND_INS: Record<string, string> = {
  '@prisma/streams-local': '.appgen/stand-ins/prisma-streams-local',
};

/** The stand-ins of an app (PRISMA_STAND_INS for Prisma apps), package name → folder. */
function ormStandIns(orm: string): Record<string, string> {
  return orm === 'prisma' ? PRISMA_STAND_INS : {};
}

/** The files of an app's stand-in folders, path in the project → content. */
export function standInFiles(orm: string): Array<[string, string]> {
  return Object.entries(ormStandIns(orm)).flatMap(([name, folder]): Array<[string, string]> => {
    const why = `${name} is not installed in this appgen project: it needs Node.js 22 and serves \`prisma dev\` only, which appgen does not use. To use \`prisma dev\` on Node.js 22 or later, remove its entry from "overrides" in package.json and run npm install.`;
    const packageJson = {
      name,
      version: '0.0.0-appgen',
      private: true,
      description: `Stands in for ${name} (see index.js).`,
      type: 'module',
      exports: { '.': './index.js' },
    };
    return [
      [`${folder}/package.json`, `${JSON.stringify(packageJson, null, 2)}\n`],
      [
        `${folder}/index.js`,
        `// Put here by create-appgen in place of ${name} (package.json "overrides").\nthrow new Error(${JSON.stringify(why)});\n`,
      ],
    ];
  });
}

/** npm `overrides` of an app: each stand-in as a `file:` folder of the project. */
export function ormOverrides(orm: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ormStandIns(orm)).map(([name, folder]) => [name, `file:./${folder}`]),
  );
}

/**
 * npm's `allowScripts` of an app (npm 11.16+ lists the packages with install scripts it does not
 * cover after every install; npm 12 will not run them). Registry packages by name only, as
 * `npm approve-scripts --no-allow-scripts-pin` writes them (their versions are appgen's exact
 * pins and the lockfile's). Allowed: better-sqlite3 (builds its native module when no prebuilt
 * one can be downloaded), Prisma's CLI and engines (version check, engine files), esbuild
 * (drizzle-kit's: checks its binary), and appgen itself (`prepare` builds a checkout installed
 * from a folder): by name from the registry, else by its spec (`appgenSpec`, e.g.
 * `file:../appgen`), which is how npm matches a package from a folder or URL. appgen packed into
 * the project (`file:.appgen/appgen-<version>.tgz`) has no install scripts, so no entry: npm
 * 11.19 matches a tarball only by its absolute path. Denied: @scarf/scarf (swagger-ui-dist's install report, which `scarfSettings` turns off).
 */
export function allowScripts(orm: string, appgenSpec: string): Record<string, boolean> {
  const fromRegistry = !appgenSpec.includes(':');
  const allowed: Record<string, boolean> = { '@scarf/scarf': false };
  // appgen packed into the project has no install scripts (src/create/packAppgen.ts).
  if (!appgenSpec.endsWith('.tgz')) allowed[fromRegistry ? 'appgen' : appgenSpec] = true;
  if (orm === 'prisma' || orm === 'drizzle') allowed['better-sqlite3'] = true;
  if (orm === 'prisma') Object.assign(allowed, { prisma: true, '@prisma/engines': true });
  if (orm === 'drizzle') allowed.esbuild = true;
  return allowed;
}

/** The database packages of an ORM; none for `orm: "none"`. */
export function ormDependencies(orm: string): Record<string, string> {
  if (orm === 'prisma') return PRISMA_APP_DEPENDENCIES;
  if (orm === 'drizzle') return DRIZZLE_APP_DEPENDENCIES;
  return {};
}

/** Type checking for `next build` and the editor. */
export const APP_DEV_DEPENDENCIES: Record<string, string> = {
  typescript: '5.9.3',
  '@types/node': '20.19.43',
  '@types/react': '19.3.0',
  '@types/react-dom': '19.3.0',
  '@types/nodemailer': '8.0.2',
  '@types/qrcode': '1.5.6',
};
