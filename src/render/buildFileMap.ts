import type { ProjectContext } from '../map/contexts';
import type { FileMap, PlannedFile } from './fileMap';
import { generatedHeader } from './header';
import { pruneUnusedImports } from './pruneImports';
import type { RenderMemo } from './renderMemo';
import { TEMPLATE_REGISTRY, type TemplateOutput } from './templateRegistry';
import { TemplateError, type TemplateSet } from './templateSet';

function renderOutput(
  templates: TemplateSet,
  template: string,
  output: TemplateOutput,
  context: object = output.context,
): string {
  try {
    return templates.render(template, context);
  } catch (error) {
    // Say which output failed: a partial's mistake may show in one route file only.
    throw error instanceof TemplateError ? error.rendering(output.path) : error;
  }
}

/**
 * Renders every output file in memory. No I/O beyond reading templates (and, with a `memo`, the
 * unchanged generated files it reuses): a failure here leaves the project untouched. Paths are
 * sorted so the map (and the manifest) is deterministic.
 */
export function buildFileMap(
  project: ProjectContext,
  templates: TemplateSet,
  memo?: RenderMemo,
): FileMap {
  const planned: Array<[string, PlannedFile]> = [];
  for (const entry of TEMPLATE_REGISTRY) {
    for (const output of entry.outputs(project)) {
      if (entry.owner === 'user') {
        const content = renderOutput(templates, entry.template, output);
        const replaces = (entry.otherSettings?.(output.context as ProjectContext) ?? [])
          .map((context) => renderOutput(templates, entry.template, output, context))
          .filter((other) => other !== content);
        planned.push([
          output.path,
          replaces.length > 0 ? { content, owner: 'user', replaces } : { content, owner: 'user' },
        ]);
        continue;
      }
      const memoised = entry.memo === false ? undefined : memo;
      const reused = memoised?.reuse(entry.template, output, project);
      if (reused) {
        planned.push([output.path, reused]);
        continue;
      }
      // A generated TypeScript file keeps only the imports it uses (user-owned scaffolds keep
      // theirs: they are a start, whose imports the user is about to use).
      const typescript = /\.tsx?$/.test(output.path);
      const render = (context?: object) => {
        const text = renderOutput(templates, entry.template, output, context);
        return typescript ? pruneUnusedImports(text) : text;
      };
      const body = memoised ? memoised.render(entry.template, output, project, render) : render();
      const content = generatedHeader(output.path, output.sources) + body;
      planned.push([output.path, { content, owner: 'generated' }]);
    }
  }
  planned.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(planned);
}
