import fs from 'fs';
import path from 'path';
import { mapProject } from '../../../src/map/mapProject';
import { buildFileMap } from '../../../src/render/buildFileMap';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { TemplateSet } from '../../../src/render/templateSet';
import { APP_BASE_DEPENDENCIES } from '../../../src/project/appDependencies';
import { checkedProject } from '../support/checkConfig';
import { typesProject } from '../support/generatedAppTypes';
import { GOLDEN_DIR, REPO_ROOT } from '../support/paths';
import { readTree } from '../support/tempProject';
import { typecheckFileMap } from '../support/typecheckFileMap';

jest.setTimeout(300_000);

/** The config of the golden case tests/golden/jobs, with the ORM under test. */
function jobsCase(orm: string): Record<string, unknown> {
  const dir = path.join(GOLDEN_DIR, 'jobs');
  const files: Record<string, unknown> = { 'appgen.config.json': { orm } };
  for (const [file, content] of readTree(path.join(dir, 'config')))
    files[`config/${file}`] = content;
  return files;
}

describe('a project with scheduled jobs', () => {
  it.each([
    ['prisma', 'sqlite'],
    ['drizzle', 'postgresql'],
  ] as const)('type-checks under --strict with orm %s on %s', async (orm, provider) => {
    const files = buildFileMap(
      mapProject(checkedProject(jobsCase(orm)), {
        provider,
        defaultDatabaseUrl: `file:./${orm}/dev.db`,
      }),
      new TemplateSet(BUILTIN_TEMPLATES_DIR),
    );
    expect(files.has('src/appgen/jobs.ts')).toBe(true);
    const root = await typesProject(`jobs-${orm}-${provider}`, files);
    expect(typecheckFileMap(files, root).errors).toEqual([]);
  });

  it('reads schedules with the cron-parser version the generated app installs', () => {
    const own = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(own.dependencies['cron-parser']).toBe(APP_BASE_DEPENDENCIES['cron-parser']);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(require('cron-parser/package.json').version).toBe(APP_BASE_DEPENDENCIES['cron-parser']);
  });
});
