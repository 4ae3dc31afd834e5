import fs from 'fs';
import path from 'path';
import type { OrmName } from '../config/configTypes';
import { BUILTIN_TEMPLATES_DIR } from '../paths/packageRoot';
import {
  allowScripts,
  APP_BASE_DEPENDENCIES,
  APP_DEV_DEPENDENCIES,
  ormDependencies,
  ormOverrides,
  standInFiles,
} from '../project/appDependencies';
import { DEV_SESSION_SECRET_PREFIX } from '../config/devSessionSecret';
import { SETTINGS_FILE } from '../load/loadSettings';
import { TemplateSet } from '../render/templateSet';
import { NODE_ENGINES } from '../project/nodeRuntime';
import { starterConfig } from './starterConfig';

export interface ProjectFileOptions {
  name: string;
  orm: OrmName;
  /** npm spec of appgen the project depends on, e.g. `alpha` or `file:../appgen`. */
  appgen: string;
  /** Secret that signs session tokens in development (written to .env, which is not committed): devSessionSecret's. */
  sessionSecret: string;
}

// What the development secret is for, and why a production server refuses it (its start).
const SESSION_SECRET_COMMENT = [
  '# Signs session tokens (src/appgen/session.ts), random per project and for development only: a',
  `# production server refuses a secret starting with ${DEV_SESSION_SECRET_PREFIX}. Set one of its own in`,
  "# the production server's environment (openssl rand -base64 32); .env is not deployed.",
].join('\n');

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

function packageJson(options: ProjectFileOptions): string {
  const overrides = ormOverrides(options.orm);
  return json({
    name: options.name,
    version: '0.1.0',
    private: true,
    // Turbopack refuses ESM route files in a "commonjs" package.
    type: 'module',
    // The Node.js versions that work (src/project/nodeRuntime.ts); the Dockerfile's is the LTS.
    engines: { node: NODE_ENGINES },
    scripts: {
      dev: 'appgen dev',
      generate: 'appgen generate',
      build: 'appgen build',
      start: 'appgen start',
    },
    dependencies: sortKeys({ ...APP_BASE_DEPENDENCIES, ...ormDependencies(options.orm) }),
    devDependencies: sortKeys({ ...APP_DEV_DEPENDENCIES, appgen: options.appgen }),
    // Packages stood in for by a folder of the project (src/project/appDependencies.ts).
    ...(Object.keys(overrides).length > 0 ? { overrides } : {}),
    // Which dependencies may run install scripts (npm 11 lists the others after every install).
    allowScripts: sortKeys(allowScripts(options.orm, options.appgen)),
    // swagger-ui-dist's dependency @scarf/scarf would otherwise report the install over the network.
    scarfSettings: { enabled: false },
  });
}

/** The tsconfig.json of a created project: `next build` type-checks the app under it. */
export const PROJECT_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['dom', 'dom.iterable', 'esnext'],
    allowJs: false,
    skipLibCheck: true,
    strict: true,
    noEmit: true,
    esModuleInterop: true,
    module: 'esnext',
    moduleResolution: 'bundler',
    resolveJsonModule: true,
    isolatedModules: true,
    jsx: 'react-jsx',
    incremental: true,
    plugins: [{ name: 'next' }],
    paths: { '@/*': ['./src/*'] },
  },
  include: [
    'next-env.d.ts',
    '**/*.ts',
    '**/*.tsx',
    '.next/types/**/*.ts',
    '.next/dev/types/**/*.ts',
  ],
  exclude: ['node_modules'],
};

/** Every file of a new project, path → content. Pure apart from reading appgen's own files. */
export function projectFiles(options: ProjectFileOptions): Map<string, string> {
  const createDir = path.join(BUILTIN_TEMPLATES_DIR, 'create');
  const read = (file: string) => fs.readFileSync(path.join(createDir, file), 'utf8');
  // Rendered like every generated file (strict, helpers checked), from templates/create/.
  const readme = new TemplateSet(createDir).render('README.md.hbs', { name: options.name });
  return new Map<string, string>([
    ['package.json', packageJson(options)],
    ['tsconfig.json', json(PROJECT_TSCONFIG)],
    ['next.config.ts', read('next.config.ts')],
    ['.gitignore', read('gitignore')],
    // The print width appgen lays generated files out for (prettier's defaults otherwise), so that
    // `npx prettier --check` agrees with them (issue 51; route handlers and pages are not yet).
    ['.prettierrc.json', json({ printWidth: 100 })],
    [
      '.env',
      `${read('env')}\n${SESSION_SECRET_COMMENT}\nAPPGEN_SESSION_SECRET=${options.sessionSecret}\n`,
    ],
    ['README.md', readme],
    [
      SETTINGS_FILE,
      json({
        $schema: './node_modules/appgen/schemas/appgen.config.schema.json',
        orm: options.orm,
        ...(options.orm === 'none'
          ? {}
          : { accounts: { passwordRules: ['minLength:8', 'maxLength:200'] } }),
      }),
    ],
    ...starterConfig(options.orm),
    ...standInFiles(options.orm),
  ]);
}
