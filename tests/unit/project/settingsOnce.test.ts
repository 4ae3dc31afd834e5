import fs from 'fs';
import path from 'path';
import { ConfigError } from '../../../src/diagnostics/diagnostic';
import { planGenerate } from '../../../src/generate/runGenerate';
import { commandContext } from '../../../src/project/commandContext';
import { minimalProject } from '../support/configs';
import { thrownBy } from '../support/generate';
import { makeProject, removeTempProjects } from '../support/tempProject';

afterEach(removeTempProjects);

const quiet = () => undefined;

describe('appgen.config.json is read and checked once per command', () => {
  it('generate uses the settings the command read, not the file as it is later', () => {
    const root = makeProject(minimalProject({ 'appgen.config.json': { orm: 'drizzle' } }));
    const context = commandContext(root, quiet);
    fs.writeFileSync(path.join(root, 'appgen.config.json'), '{ "orm": "none" }\n');
    const files = planGenerate(context).files;
    expect(context.orm).toBe('drizzle');
    expect(files.has('src/appgen/schema.ts')).toBe(true);
  });

  it('keeps the checked settings and their located mistakes in the context', () => {
    const root = makeProject(minimalProject({ 'appgen.config.json': { orm: 'drizle' } }));
    const context = commandContext(root, quiet);
    expect(context.orm).toBe('prisma');
    expect(context.settings.checked.value).toBeUndefined();
    expect(context.settings.checked.diagnostics).toHaveLength(1);
    const error = thrownBy(() => planGenerate(context)) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.diagnostics).toEqual(context.settings.checked.diagnostics);
  });

  it('reports a settings file that is not JSON once, located', () => {
    const root = makeProject(minimalProject({ 'appgen.config.json': '{ "orm": ' }));
    const context = commandContext(root, quiet);
    expect(context.settings.loaded.problems).toHaveLength(1);
    const error = thrownBy(() => planGenerate(context)) as ConfigError;
    expect(error.diagnostics.map((d) => d.file)).toEqual(['appgen.config.json']);
  });
});
