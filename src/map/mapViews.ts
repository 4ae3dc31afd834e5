import type { AppFolder } from '../domain/appFolders';
import { OUTPUT_PATHS } from '../domain/outputPaths';
import type { ProjectView } from '../validate/checkedProject';
import type {
  ElementContext,
  ModelContext,
  NavLinkContext,
  RouteImportContext,
  PageStep,
  RouteFileContext,
  ViewContext,
  ViewHeadingContext,
} from './contexts';
import { mapElement, type ElementScope } from './mapElements';
import { linkTargets } from './linkAccess';
import { listPrefixes } from './mapListControls';
import { recordPages } from './recordPages';
import { nameTables } from './tableLabels';
import { columnKind, routesByRef } from './viewRouteCalls';

/** `LoginPage` → `Login`, `UserListPage` → `User List`: a readable default title. */
export function titleFromName(name: string): string {
  const words = name.replace(/Page$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words || name;
}

function flatten(element: ElementContext): ElementContext[] {
  return [element, ...element.children.flatMap(flatten)];
}

const sortedUnique = (values: string[]): string[] => [...new Set(values)].sort();

/** What a view's pages need from routes, models and the other views, shared by every view of a project. */
export interface ViewMappingInput {
  routeFiles: RouteFileContext[];
  models: ModelContext[];
  views: readonly ProjectView[];
}

export function viewMapper(input: ViewMappingInput): (view: ProjectView) => ViewContext {
  const routes = routesByRef(input.routeFiles);
  const models = new Map(input.models.map((m) => [m.name, m]));
  const pages = recordPages(input.views, routes);
  const targets = linkTargets(input.views, routes);
  return (view) =>
    mapView(
      view,
      {
        routes,
        models,
        loads: [],
        accessChecks: [],
        domIds: new Set(),
        pageParams: view.folder.params.length > 0,
        recordPages: pages,
        linkTargets: targets,
      },
      view.folder,
    );
}

/** The detail whose `heading` titles the page (validate allows one), as its route call and field. */
function headingOf(scope: ElementScope, elements: ElementContext[]): ViewHeadingContext | null {
  const detail = elements.find((e) => e.heading !== null && e.data !== null);
  if (!detail?.data || detail.heading === null) return null;
  const field = detail.heading;
  return { load: detail.data, field, kind: columnKind(scope.models, detail.data.model, field) };
}

/**
 * A page of the accounts (log-in, sign-up, a password reset, a verification): its forms are bound
 * to account routes, and nothing else on it reads or writes records (no list, record or other
 * form). Such a page is drawn as a narrow card in the middle.
 */
function isCardPage(elements: ElementContext[]): boolean {
  return (
    elements.some((e) => e.form?.onAccount === true) &&
    !elements.some(
      (e) => e.type === 'list' || e.type === 'detail' || (e.form !== null && !e.form.onAccount),
    )
  );
}

function mapView(view: ProjectView, scope: ElementScope, appFolder: AppFolder): ViewContext {
  const folder = appFolder.folder;
  const params = appFolder.params.map((p) => p.name);
  const root = mapElement(scope, view.root);
  const title = view.title ?? titleFromName(view.name);
  nameTables(root, title);
  const elements = flatten(root);
  const lists = scope.loads.flatMap((load) => (load.list ? [{ load, list: load.list }] : []));
  // Decided once the page's lists are known: several lists never read each other's parameters.
  listPrefixes(lists.map(({ load }) => load.urlPath)).forEach((prefix, i) => {
    lists[i].list.prefix = prefix;
  });
  const hasListControls = lists.length > 0;
  // Lists with controls read their state from the page's query, and fields `fromQuery` their value.
  const readsSearch = hasListControls || elements.some((e) => e.fromQuery);
  const hasLists = elements.some((e) => e.type === 'list');
  const heading = headingOf(scope, elements);
  const imports = new Map<string, RouteImportContext>([
    ...scope.loads.map((load): [string, RouteImportContext] => [
      `${load.module}#${load.handler}`,
      { handler: load.handler, method: 'GET', module: load.module },
    ]),
    ...scope.accessChecks.map((check): [string, RouteImportContext] => [
      `${check.module}#${check.handler}`,
      { handler: check.handler, method: check.method, module: check.module },
    ]),
  ]);
  // The page knows its own path (`here`) for its route calls and for a form's "Log in to ..." link.
  const usesRequest = view.auth || scope.loads.length > 0 || scope.accessChecks.length > 0;
  // A list or a record writes its values (numbers, dates) in the visitor's language.
  const showsRecords = elements.some((e) => e.type === 'list' || e.type === 'detail');
  // A select's choices from a list route are records' values too.
  const showsValues = showsRecords || elements.some((e) => e.optionsFrom !== null);
  return {
    name: view.name,
    urlPath: view.path,
    outputPath: OUTPUT_PATHS.page(folder),
    title,
    params,
    hasParams: params.length > 0,
    folderParams: appFolder.params,
    renamesParams: appFolder.params.some((p) => p.name !== p.folder),
    auth: view.auth,
    root,
    routeImports: [...imports.values()].sort((a, b) =>
      a.handler < b.handler ? -1 : a.handler > b.handler ? 1 : 0,
    ),
    modelTypes: sortedUnique(scope.loads.map((load) => load.model)),
    loads: scope.loads,
    accessChecks: scope.accessChecks,
    usesRequest,
    usesForm: elements.some((e) => e.form !== null),
    signsIn: elements.some((e) => e.form?.signsIn === true),
    pageClass: isCardPage(elements) ? 'appgen-page appgen-page-card' : 'appgen-page',
    usesLink: elements.some(
      (e) =>
        e.access !== null ||
        (e.type === 'link' && !e.external) ||
        e.link !== null ||
        e.columns.some((c) => c.link !== null),
    ),
    viewHelpers: [
      ...(hasListControls ? ['callList'] : []),
      ...(scope.loads.length > lists.length ? ['callRoute'] : []),
      ...(hasLists ? ['cellText'] : []),
      ...(params.length > 0 ? ['decodedParams'] : []),
      ...(elements.some((e) => e.data !== null || e.optionsFrom !== null) ? ['formatValue'] : []),
      ...(elements.some((e) => e.valueFrom !== null) ? ['inputValue'] : []),
      ...(showsValues ? ['pageLocale'] : []),
      ...(showsRecords ? ['shownValue'] : []),
      ...(heading ? ['recordTitle'] : []),
      ...(scope.accessChecks.length > 0 ? ['loginUrl'] : []),
      ...(view.auth ? ['requireUser'] : []),
      ...(scope.accessChecks.length > 0 ? ['routeAccess'] : []),
    ],
    hasListControls,
    source: view.file,
    propsParameter: propsParameter(appFolder, readsSearch),
    propsMembers: propsMembers(appFolder, readsSearch),
    setup: pageSteps(appFolder, {
      usesRequest,
      auth: view.auth,
      readsSearch,
      showsValues,
    }).map((pageStep) => ({ pageStep })),
    heading,
    headingPartial: heading ? 'view/title/record' : 'view/title/fixed',
    metadataPartial: heading ? 'view/metadata/record' : 'view/metadata/fixed',
    metadataSetup: heading
      ? pageSteps(appFolder, { usesRequest: true }).map((pageStep) => ({ pageStep }))
      : [],
  };
}

/** The page component's parameter: its path parameters, and its query when a list reads it. */
function propsParameter(appFolder: AppFolder, readsSearch: boolean): string {
  const entries = propsMembers(appFolder, readsSearch);
  return entries.length > 0 ? `props: { ${entries.join('; ')} }` : '';
}

/** The members of the page component's parameter's type. */
function propsMembers(appFolder: AppFolder, readsSearch: boolean): string[] {
  return [
    ...(appFolder.params.length > 0
      ? [`params: Promise<{ ${appFolder.params.map((p) => `${p.folder}: string`).join('; ')} }>`]
      : []),
    ...(readsSearch
      ? ['searchParams: Promise<Record<string, string | string[] | undefined>>']
      : []),
  ];
}

/** What a page's steps before its route calls depend on (see pageSteps). */
interface PageNeeds {
  usesRequest: boolean;
  auth?: boolean;
  /** A list with controls reads its state from the page's query. */
  readsSearch?: boolean;
  /** A list, a record or a select fed by a route writes values in the visitor's language. */
  showsValues?: boolean;
}

/**
 * What a page does before its route calls: decode its params (renamed when its folders have
 * other names), know its path, check sign-in, read its query (lists with controls), know the
 * visitor's language (lists and records).
 */
function pageSteps(
  appFolder: AppFolder,
  { usesRequest, auth = false, readsSearch = false, showsValues = false }: PageNeeds,
): PageStep[] {
  const renames = appFolder.params.some((p) => p.name !== p.folder);
  return [
    ...(appFolder.params.length === 0
      ? []
      : [renames ? ('view/setup/renamedParams' as const) : ('view/setup/params' as const)]),
    ...(usesRequest ? (['view/setup/here'] as const) : []),
    ...(auth ? (['view/setup/requireUser'] as const) : []),
    ...(readsSearch ? (['view/setup/search'] as const) : []),
    ...(showsValues ? (['view/setup/locale'] as const) : []),
  ];
}

/**
 * Links to every view without path parameters (unless `nav: false`), for the layout's navigation:
 * the pages for everyone first (by path), then those that need a signed-in user (`auth`), then the
 * log-in and sign-up pages. The layout shows the pages that need a sign-in only to the signed in,
 * and, with a log-out route, the log-in and sign-up pages only to visitors.
 */
export function navLinks(
  views: ViewContext[],
  hidden: ReadonlySet<string>,
): Array<Omit<NavLinkContext, 'navPartial' | 'homePartial'>> {
  const group = (link: Pick<NavLinkContext, 'signedOutOnly' | 'signedInOnly'>) =>
    link.signedOutOnly ? 2 : link.signedInOnly ? 1 : 0;
  return views
    .filter((v) => !v.hasParams && !hidden.has(v.name))
    .map((v) => ({
      href: v.urlPath,
      label: v.title,
      signedOutOnly: v.signsIn,
      signedInOnly: v.auth && !v.signsIn,
    }))
    .sort((a, b) => group(a) - group(b));
}
