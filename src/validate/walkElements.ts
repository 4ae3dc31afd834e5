import type { ElementConfig } from '../config/configTypes';
import { childPointer } from './locate';

export interface ElementVisit {
  element: ElementConfig;
  pointer: string;
  /** The nearest enclosing form, if any, with its pointer. */
  form: { element: ElementConfig; pointer: string } | null;
}

/** Every element of a view, depth first, each with its JSON pointer and enclosing form. */
export function walkElements(root: ElementConfig, pointer = '/root'): ElementVisit[] {
  const visits: ElementVisit[] = [];
  const visit = (element: ElementConfig, at: string, form: ElementVisit['form']): void => {
    visits.push({ element, pointer: at, form });
    const inner = element.type === 'form' ? { element, pointer: at } : form;
    for (const key of ['fields', 'children'] as const) {
      (element[key] ?? []).forEach((child, index) =>
        visit(child, childPointer(childPointer(at, key), index), inner),
      );
    }
  };
  visit(root, pointer, null);
  return visits;
}
