import { builtinModules } from 'module';
import {
  APP_BASE_DEPENDENCIES,
  APP_DEV_DEPENDENCIES,
  ormDependencies,
} from '../../../src/project/appDependencies';
import { minimalProject } from '../support/configs';
import { renderFiles } from '../support/renderFiles';

/** The npm package an import names: `next/server` → `next`, `@prisma/client/x` → `@prisma/client`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe.each(['prisma', 'drizzle'])('the generated files of an app with orm %s', (orm) => {
  it('import only packages its package.json lists', () => {
    const files = renderFiles(minimalProject({ 'appgen.config.json': { orm } }));
    const imported = new Set<string>();
    for (const [file, { content }] of files)
      if (/\.tsx?$/.test(file))
        for (const [, specifier] of content.matchAll(/\bfrom "([^"]+)"/g))
          if (!/^(\.|@\/|node:)/.test(specifier)) imported.add(packageOf(specifier));
    const listed = new Set([
      ...Object.keys(APP_BASE_DEPENDENCIES),
      ...Object.keys(ormDependencies(orm)),
      ...Object.keys(APP_DEV_DEPENDENCIES),
      ...builtinModules,
    ]);
    expect([...imported].filter((name) => !listed.has(name))).toEqual([]);
    if (orm === 'drizzle') expect(imported).toContain('uuid');
  });
});
