import { mapProject } from '../../../src/map/mapProject';
import { checkedProject } from '../support/checkConfig';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';

describe('the jobs of the project context', () => {
  it('are every job, sorted by name, defaults filled in, with the file that declares it', () => {
    const project = checkedProject(
      minimalProject({
        'appgen.config.json': { orm: 'drizzle' },
        'config/jobs/b.json': {
          jobs: [{ name: 'zap', schedule: '@daily', timezone: 'Asia/Tokyo', timeoutSeconds: 5 }],
        },
        'config/jobs/a.json': { jobs: [{ name: 'purge', schedule: '*/5 * * * *', attempts: 1 }] },
      }),
    );
    expect(mapProject(project, SQLITE_OPTIONS).jobs).toEqual([
      {
        name: 'purge',
        schedule: '*/5 * * * *',
        timezone: 'UTC',
        attempts: 1,
        retryDelaySeconds: 10,
        timeoutSeconds: 60,
        source: 'config/jobs/a.json',
      },
      {
        name: 'zap',
        schedule: '@daily',
        timezone: 'Asia/Tokyo',
        attempts: 3,
        retryDelaySeconds: 10,
        timeoutSeconds: 5,
        source: 'config/jobs/b.json',
      },
    ]);
  });

  it('are empty without config/jobs', () => {
    expect(mapProject(checkedProject(minimalProject()), SQLITE_OPTIONS).jobs).toEqual([]);
  });
});
