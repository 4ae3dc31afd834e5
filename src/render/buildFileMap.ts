import type { ProjectContext } from '../map/contexts';
import type { FileMap } from './fileMap';
import { generatedHeader } from './header';
import { TEMPLATE_REGISTRY, type TemplateOutput } from './templateRegistry';
import { TemplateError, type TemplateSet } from './templateSet';

function renderOutput(templates: TemplateSet, template: string, output: TemplateOutput): string {
  try {
    return templates.render(template, output.context);
  } catch (error) {
    // Say which output failed: a partial's mistake may show in one route file only.
    throw error instanceof TemplateError ? error.rendering(output.path) : error;
  }
}

/**
 * Renders every output file in memory. No I/O beyond reading templates: a failure here leaves
 * the project untouched. Paths are sorted so the map (and the manifest) is deterministic.
 */
export function buildFileMap(project: ProjectContext, templates: TemplateSet): FileMap {
  const planned: Array<[string, { content: string; owner: 'generated' | 'user' }]> = [];
  for (const entry of TEMPLATE_REGISTRY) {
    for (const output of entry.outputs(project)) {
      const body = renderOutput(templates, entry.template, output);
      const content =
        entry.owner === 'generated' ? generatedHeader(output.path, output.sources) + body : body;
      planned.push([output.path, { content, owner: entry.owner }]);
    }
  }
  planned.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(planned);
}
