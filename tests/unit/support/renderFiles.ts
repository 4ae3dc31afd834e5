import type { FileMap } from '../../../src/render/fileMap';
import { mapProject } from '../../../src/map/mapProject';
import { buildFileMap } from '../../../src/render/buildFileMap';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { TemplateSet } from '../../../src/render/templateSet';
import { checkedProject } from './checkConfig';
import { SQLITE_OPTIONS } from './generateOptions';
import type { ProjectFiles } from './tempProject';

/** Validate, map and render in memory with the built-in templates: the FileMap of a config. */
export function renderFiles(files: ProjectFiles): FileMap {
  return buildFileMap(
    mapProject(checkedProject(files), SQLITE_OPTIONS),
    new TemplateSet(BUILTIN_TEMPLATES_DIR),
  );
}
