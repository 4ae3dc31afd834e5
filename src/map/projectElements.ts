import type { ProjectElement } from '../validate/checkedProject';

/** An element and every element inside it, in page order. */
export const elementsOf = (element: ProjectElement): ProjectElement[] => [
  element,
  ...element.children.flatMap(elementsOf),
];
