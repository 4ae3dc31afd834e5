import fs from 'fs';
import path from 'path';
import { buildProjectFiles } from '../../../src/generate/generateProject';
import { mapProject } from '../../../src/map/mapProject';
import { buildFileMap } from '../../../src/render/buildFileMap';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { TemplateSet } from '../../../src/render/templateSet';
import { validateProject } from '../../../src/validate/validateProject';
import { loadedProject } from '../support/checkConfig';
import { SQLITE_OPTIONS } from '../support/generateOptions';
import { EXAMPLES_DIR } from '../support/paths';
import {
  copyToTemp,
  makeProject,
  readTree,
  removeTempProjects,
  type ProjectFiles,
} from '../support/tempProject';

afterAll(removeTempProjects);

/** Every config file of an example, path → text (not its README or its own code in src/). */
function exampleFiles(name: string): ProjectFiles {
  const root = path.join(EXAMPLES_DIR, name);
  return Object.fromEntries(
    [...readTree(root).entries()].filter(
      ([file]) => file === 'appgen.config.json' || file.startsWith('config/'),
    ),
  );
}

const asObject = (files: ReturnType<typeof buildProjectFiles>) => Object.fromEntries(files);

describe('output is deterministic', () => {
  it('two generations of the same project give identical FileMaps, in sorted order', () => {
    const root = copyToTemp(path.join(EXAMPLES_DIR, 'blog'));
    const first = buildProjectFiles({ root, ...SQLITE_OPTIONS });
    const second = buildProjectFiles({ root, ...SQLITE_OPTIONS });
    expect(asObject(second)).toEqual(asObject(first));
    expect([...first.keys()]).toEqual([...first.keys()].sort());
  });

  it('does not depend on the order in which config files were created', () => {
    const files = exampleFiles('blog');
    const forward = makeProject(files);
    const backward = makeProject(Object.fromEntries(Object.entries(files).reverse()));
    expect(asObject(buildProjectFiles({ root: backward, ...SQLITE_OPTIONS }))).toEqual(
      asObject(buildProjectFiles({ root: forward, ...SQLITE_OPTIONS })),
    );
  });

  it('does not depend on the order of the documents handed to the pipeline', () => {
    const render = (reverse: boolean) => {
      const project = loadedProject(exampleFiles('blog'));
      if (reverse)
        for (const list of [project.models, project.routes, project.views]) list.reverse();
      return asObject(
        buildFileMap(
          mapProject(validateProject(project), SQLITE_OPTIONS),
          new TemplateSet(BUILTIN_TEMPLATES_DIR),
        ),
      );
    };
    expect(render(true)).toEqual(render(false));
  });

  it('embeds no time, absolute path or machine detail in the output', () => {
    const root = copyToTemp(path.join(EXAMPLES_DIR, 'minimal'));
    for (const [file, { content }] of buildProjectFiles({ root, ...SQLITE_OPTIONS })) {
      expect({
        file,
        hasRoot: content.includes(root) || content.includes(fs.realpathSync(root)),
      }).toEqual({ file, hasRoot: false });
      expect({ file, hasYear: /\b20\d\d-\d\d-\d\dT/.test(content) }).toEqual({
        file,
        hasYear: false,
      });
    }
  });
});
