import fs from 'fs';
import path from 'path';
import { generateProject } from '../../../src/generate/generateProject';
import { minimalProject } from '../support/configs';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { makeProject, removeTempProjects } from '../support/tempProject';

afterAll(removeTempProjects);

const generate = (root: string) => generateProject({ root, ...SQLITE_OPTIONS, warn: () => {} });
const read = (root: string, file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const exists = (root: string, file: string) => fs.existsSync(path.join(root, file));
const jobs = (...names: string[]) => ({
  jobs: names.map((name) => ({ name, schedule: '0 8 * * *' })),
});

describe('scheduled job handlers', () => {
  it('are scaffolded once, kept as the user edits them, and kept when the job goes', () => {
    const root = makeProject(
      minimalProject({
        'appgen.config.json': { orm: 'prisma' },
        'config/jobs/jobs.json': jobs('sendDigest'),
      }),
    );
    generate(root);
    expect(read(root, 'src/jobs/sendDigest.ts')).toContain(
      'export async function sendDigest(run: JobRun): Promise<void> {',
    );
    expect(read(root, 'src/appgen/jobs.ts')).toContain(
      'import { sendDigest } from "@/jobs/sendDigest";',
    );
    fs.writeFileSync(path.join(root, 'src/jobs/sendDigest.ts'), '// mine\n');
    fs.writeFileSync(
      path.join(root, 'config/jobs/jobs.json'),
      JSON.stringify(jobs('sendDigest', 'purge')),
    );
    generate(root);
    expect(read(root, 'src/jobs/sendDigest.ts')).toBe('// mine\n');
    expect(exists(root, 'src/jobs/purge.ts')).toBe(true);
    // Without jobs, the generated runtime goes; the handlers are the user's and stay.
    fs.rmSync(path.join(root, 'config/jobs'), { recursive: true });
    generate(root);
    expect(exists(root, 'src/appgen/jobs.ts')).toBe(false);
    expect(read(root, 'src/jobs/sendDigest.ts')).toBe('// mine\n');
    expect(exists(root, 'src/jobs/purge.ts')).toBe(true);
  });

  it('config/jobs that is a file is a located problem, not a crash', () => {
    const root = makeProject({ ...minimalProject(), 'config/jobs': 'oops' });
    expect(() => generate(root)).toThrow(
      expect.objectContaining({
        diagnostics: [
          expect.objectContaining({
            file: 'config/jobs',
            message:
              'config/jobs is a file, and appgen needs a folder there: .json files of scheduled jobs',
          }),
        ],
      }),
    );
  });
});
