import type { ElementConfig } from '../config/configTypes';
import { appFolderOf, parseAppPath } from '../validate/appPaths';
import type { CheckedView } from '../validate/checkedProject';
import type { ElementContext, NavLinkContext, ViewContext } from './contexts';

/** An input's HTML type: as configured, else guessed from its id (email, password), else text. */
function inputTypeOf(element: ElementConfig): string {
  if (element.inputType) return element.inputType;
  const id = (element.id ?? '').toLowerCase();
  if (id.includes('password')) return 'password';
  if (id.includes('email')) return 'email';
  return 'text';
}

function mapElement(element: ElementConfig): ElementContext {
  return {
    type: element.type,
    isForm: element.type === 'form',
    isInput: element.type === 'input',
    isButton: element.type === 'button',
    id: element.id ?? null,
    label: element.label ?? null,
    inputType: inputTypeOf(element),
    required: Boolean(element.required),
    placeholder: element.placeholder ?? null,
    children: (element.fields ?? []).map(mapElement),
  };
}

/** `LoginPage` → `Login`, `UserListPage` → `User List`: a readable default title. */
export function titleFromName(name: string): string {
  const words = name.replace(/Page$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words || name;
}

export function mapView(view: CheckedView): ViewContext {
  const parsed = parseAppPath(view.config.path);
  if (!parsed.ok) throw new Error(`unchecked path reached the mapper: ${view.config.path}`);
  const folder = appFolderOf(parsed.segments);
  const params = parsed.segments.filter((s) => s.param).map((s) => s.param as string);
  return {
    name: view.config.name,
    urlPath: view.config.path,
    outputPath: `src/app/${folder ? `${folder}/` : ''}page.tsx`,
    title: view.config.title ?? titleFromName(view.config.name),
    params,
    hasParams: params.length > 0,
    root: mapElement(view.config.root),
    source: view.origin.file,
  };
}

/** Links to every view without path parameters, for the generated layout's navigation. */
export function navLinks(views: ViewContext[]): NavLinkContext[] {
  return views.filter((v) => !v.hasParams).map((v) => ({ href: v.urlPath, label: v.title }));
}
