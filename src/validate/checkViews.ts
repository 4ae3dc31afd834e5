import type { ElementConfig, ViewConfig } from '../config/configTypes';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { parseAppPath, pathShape, PathSegment } from './appPaths';
import type { CheckedView } from './checkedProject';
import { childPointer, diagnosticAt } from './locate';
import { isReservedName } from './reservedNames';

function checkElements(document: ConfigDocument, element: ElementConfig, pointer: string, ids: Map<string, string>, insideForm: boolean): Diagnostic[] {
  const problems: Diagnostic[] = [];
  if (element.type === 'input' && element.id) {
    if (ids.has(element.id)) problems.push(diagnosticAt(document, childPointer(pointer, 'id'), `input id "${element.id}" is used twice in this view`, 'give each input its own id.'));
    ids.set(element.id, pointer);
  }
  if (element.type === 'form') {
    if (insideForm) problems.push(diagnosticAt(document, pointer, 'a form cannot contain another form', 'move the inner form out.'));
    (element.fields ?? []).forEach((child, index) => {
      problems.push(...checkElements(document, child, childPointer(childPointer(pointer, 'fields'), index), ids, true));
    });
  }
  return problems;
}

/** Checks views one by one and across files (unique names and paths). */
export function checkViews(documents: ConfigDocument[]): { views: CheckedView[]; tree: Array<{ document: ConfigDocument; pointer: string; segments: PathSegment[] }>; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const views: CheckedView[] = [];
  const tree: Array<{ document: ConfigDocument; pointer: string; segments: PathSegment[] }> = [];
  const names = new Map<string, string>();
  const shapes = new Map<string, string>();
  for (const document of documents) {
    const config = document.value as ViewConfig;
    const problems: Diagnostic[] = [];
    if (names.has(config.name)) problems.push(diagnosticAt(document, '/name', `view "${config.name}" is already declared in ${names.get(config.name)}`, 'give each view a unique name.'));
    if (isReservedName(config.name)) problems.push(diagnosticAt(document, '/name', `"${config.name}" is a reserved name in generated code`, `rename it, e.g. "${config.name}Page".`));
    names.set(config.name, document.file);
    const parsed = parseAppPath(config.path);
    if (!parsed.ok) {
      problems.push(diagnosticAt(document, '/path', parsed.message, parsed.hint));
    } else {
      const shape = pathShape(parsed.segments);
      if (shapes.has(shape)) problems.push(diagnosticAt(document, '/path', `path "${config.path}" is already served by ${shapes.get(shape)}`, 'give each view its own path.'));
      shapes.set(shape, document.file);
      tree.push({ document, pointer: '', segments: parsed.segments });
    }
    problems.push(...checkElements(document, config.root, '/root', new Map(), false));
    diagnostics.push(...problems);
    views.push({ config, origin: { file: document.file, pointer: '' } });
  }
  return { views, tree, diagnostics };
}
