import type { ElementContext } from './contexts';

/**
 * Names each list's table (ElementContext.tableLabel) for assistive technology, which lists a
 * page's regions by name: the text of the heading just before the list among its siblings, else
 * the view's title, numbered ("Posts (2)") when the page already has a table of that name.
 */
export function nameTables(root: ElementContext, title: string): void {
  const used = new Map<string, number>();
  const name = (list: ElementContext, label: string) => {
    const count = (used.get(label) ?? 0) + 1;
    used.set(label, count);
    list.tableLabel = count === 1 ? label : `${label} (${count})`;
  };
  const visit = (element: ElementContext) => {
    let heading: string | null = null;
    for (const child of element.children) {
      if (child.type === 'heading' && child.text) heading = child.text;
      if (child.type === 'list') name(child, heading ?? title);
      visit(child);
    }
  };
  if (root.type === 'list') name(root, title);
  visit(root);
}
