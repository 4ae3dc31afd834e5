import { mapSearch, searchIndexes } from './mapSearch';
import { mapOrmSyntax } from './mapOrmQueries';
import type { CheckedProject, ProjectModel } from '../validate/checkedProject';
import { DEV_SESSION_SECRET_PREFIX } from '../config/devSessionSecret';
import type {
  DatabaseProvider,
  JoinTableContext,
  ModelContext,
  NavLinkContext,
  ProjectContext,
} from './contexts';
import { drizzleImports } from './drizzleColumns';
import { internalModels } from './internalModels';
import { mapClientRoutes } from './mapClientRoutes';
import { mapCors } from './mapCors';
import { mapEvents } from './mapEvents';
import { mapModels } from './mapModels';
import { mapRelations } from './mapRelations';
import { mapAccessModules } from './mapAccess';
import { mapAnswerShapes } from './mapAnswerShapes';
import { mapRouteFiles } from './mapRoutes';
import { mapEnvVariables } from './mapEnvVariables';
import { mapStartupChecks } from './mapStartupChecks';
import { navLinks, viewMapper } from './mapViews';
import { mapMissingRecords } from './missingRecords';
import { delegateName } from '../domain/names';
import { storesSessionsFor } from '../domain/accounts';
import { mapAccountMail } from './mapAccountMail';
import { mapTotp } from './mapTotp';
import { mapOidc } from './mapOidc';

const byName = <T extends { name: string }>(a: T, b: T): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

const sortedUnique = (values: Array<string | null>): string[] =>
  [...new Set(values.filter((v): v is string => v !== null))].sort();

/** The links table of each manyToMany relation, once, sorted by name. */
function joinTables(models: readonly ModelContext[]): JoinTableContext[] {
  const delegates = new Map(models.map((m) => [m.name, m.delegate]));
  const ref = (name: string) => ({ name, delegate: delegates.get(name) as string });
  const tables = new Map<string, JoinTableContext>();
  for (const model of models) {
    for (const { joinTable, model: other } of model.relations) {
      if (!joinTable || tables.has(joinTable.name)) continue;
      const [a, b] = joinTable.ownColumn === 'A' ? [model.name, other] : [other, model.name];
      tables.set(joinTable.name, { name: joinTable.name, a: ref(a), b: ref(b) });
    }
  }
  return [...tables.values()].sort(byName);
}

/** The app's name when its package.json names none. */
export const DEFAULT_APP_NAME = 'appgen app';

/**
 * Turns a checked project into the context every template receives. Output order depends only
 * on the config's content (names and paths), never on file-system order, so output is
 * deterministic.
 */
export function mapProject(
  project: CheckedProject,
  options: { provider: DatabaseProvider; defaultDatabaseUrl: string; appName?: string | null },
): ProjectContext {
  const modelsByName = new Map<string, ProjectModel>(project.models.map((m) => [m.name, m]));
  const { events } = project;
  // Routes that issue session tokens store their sessions (table AppgenSession, src/appgen/sessions.ts).
  const sessionsOf =
    project.orm !== 'none' &&
    project.accounts.model !== null &&
    project.routes.some((route) => storesSessionsFor(route.account?.action) || route.token)
      ? project.accounts.model
      : null;
  const mappedEvents = mapEvents(events, project.orm);
  const accountMail = mapAccountMail(project);
  const hasLogIn = project.routes.some((route) => route.operation === 'logIn');
  // API keys belong to users whose sessions are stored (the routes that manage keys want one).
  const hasApiKeys =
    sessionsOf !== null && project.routes.some((route) => route.operation === 'apiKeys');
  // A second factor belongs to users whose sessions are stored, as API keys do.
  const totp = mapTotp(project, sessionsOf);
  const oidc = mapOidc(project, sessionsOf);
  // A log-in's failures and requests for account mail are counted in one table (AppgenSignInFailure).
  const countsFailures = hasLogIn || accountMail !== null;
  // Events the worker runs, scheduled jobs' runs and account mail all go through the outbox.
  const hasOutbox =
    mappedEvents.some((e) => e.run === 'worker') || project.jobs.length > 0 || accountMail !== null;
  const ownModels = internalModels({
    outbox: hasOutbox,
    signInThrottle: countsFailures,
    sessionsOf,
    mailOf: accountMail !== null ? project.accounts.model : null,
    apiKeysOf: hasApiKeys ? sessionsOf : null,
    totpOf: totp !== null ? sessionsOf : null,
    identitiesOf: oidc !== null ? sessionsOf : null,
  });
  // Both sides of every relation, worked out once for the models and the routes that write links
  // (with appgen's own tables: the sessions' rows belong to users, whose deletes cascade to them).
  const relations = mapRelations([...project.models, ...ownModels]);
  // Each model's answer shapes are said once (src/appgen/shapes/<model>.ts); methods name theirs.
  const { routeFiles, answerModules } = mapAnswerShapes(
    mapRouteFiles(
      project.routes,
      { orm: project.orm, provider: options.provider, sessionsOf },
      modelsByName,
      relations,
      events,
    ),
    project.orm,
  );
  const methods = routeFiles.flatMap((file) => file.methods);
  const models = mapModels(project.models, relations, options.provider).sort(byName);
  const ownTables = mapModels(ownModels, relations, options.provider);
  const tables = joinTables(models);
  const hasLinks = tables.length > 0;
  // A model with a belongsTo (or appgen's sessions' table, whose rows belong to a user): its
  // table has foreign keys.
  const belongsTo = [...models, ...ownTables].some((model) =>
    model.relations.some((relation) => relation.field !== null),
  );
  const views = project.views
    .map(viewMapper({ routeFiles, models, views: project.views }))
    .sort((a, b) => (a.urlPath < b.urlPath ? -1 : a.urlPath > b.urlPath ? 1 : 0));
  const hiddenViews = new Set(project.views.filter((v) => v.nav === false).map((v) => v.name));
  // Pages and a log-out route: the navigation shows a log-out button to the signed in.
  // The log-out itself, not "sign out everywhere" (which runs as one).
  const logOut = methods.find((m) => m.account?.action === 'logOut');
  const accountNav =
    views.length > 0 && logOut
      ? { logOutPath: logOut.urlPath, afterLogOut: project.loginPath }
      : null;
  const links = navLinks(views, hiddenViews);
  // A page that needs a signed-in user is listed to the signed in only; the log-in and sign-up
  // pages to the others when the app has a log-out (without one, a signed-in visitor may need them).
  const navLinkContexts: NavLinkContext[] = links.map((link) => {
    const shown = link.signedInOnly
      ? 'signedInLink'
      : link.signedOutOnly && accountNav !== null
        ? 'signedOutLink'
        : 'link';
    return { ...link, navPartial: `view/nav/${shown}`, homePartial: `view/home/${shown}` };
  });
  // The layout and the home page read the session when a link depends on it, or for the log-out button.
  const readsSession =
    accountNav !== null || navLinkContexts.some((link) => link.navPartial !== 'view/nav/link');
  const hasAuth =
    methods.some((m) => m.auth || m.optionalAuth) ||
    views.some((v) => v.auth) ||
    accountNav !== null;
  const hashesPasswords = models.some((m) => m.fields.some((f) => f.type === 'password'));
  const context: Omit<ProjectContext, 'clientRoutes'> = {
    orm: project.orm,
    usesDatabase: project.orm !== 'none',
    provider: options.provider,
    defaultDatabaseUrl: options.defaultDatabaseUrl,
    modelNames: models.map((model) => model.name),
    writesTimes: models.some((model) =>
      model.fields.some((field) => field.type === 'date_now' || field.type === 'date_updated'),
    ),
    drizzleImports: drizzleImports(
      // A links table has two text columns, a unique index of both, an index on B and two foreign keys.
      [
        ...[...models, ...ownTables].flatMap((model) =>
          model.fields.map((field) => field.drizzleColumn),
        ),
        ...(hasLinks ? ['text("A")'] : []),
      ],
      options.provider,
      {
        uniqueIndex:
          hasLinks ||
          models.some((model) => model.hasUnique || model.indexes.some((index) => index.unique)),
        index:
          hasLinks ||
          [...models, ...ownTables].some((model) => model.indexes.some((index) => !index.unique)),
        foreignKey: hasLinks || belongsTo,
        typedConstraints: belongsTo,
      },
    ),
    models,
    internalModels: ownTables,
    routeFiles,
    methods,
    answerModules,
    accessModules: project.orm === 'none' ? [] : mapAccessModules(project.models, relations),
    views,
    navLinks: navLinkContexts,
    appName: options.appName || DEFAULT_APP_NAME,
    // A view or an API route at `/` has the place (Next.js allows one page or route per folder).
    homePage:
      !views.some((view) => view.urlPath === '/') &&
      !routeFiles.some((file) => file.outputPath === 'src/app/route.ts'),
    accountNav,
    loginPath: project.loginPath,
    trustProxy: project.trustProxy,
    cors: mapCors(project.cors),
    originPolicy: project.cors ? 'cors' : 'sameOrigin',
    errors: {
      ...project.errors,
      path: [...project.errors.path],
      messageType: project.errors.list ? 'string[]' : 'string',
      messageWord: project.errors.list ? 'messages' : 'message',
      joinedAs: project.errors.list ? 'as a list' : 'joined by "; "',
      messagesValue: project.errors.list ? '[...messages]' : 'messages.join("; ")',
      // Each problem is a sentence of its own ("Title is required."): one message reads them in turn.
      problemsValue: project.errors.list ? 'problems' : '[problems.join(" ")]',
    },
    hasForms: views.some((v) => v.usesForm),
    hasListControls: views.some((v) => v.hasListControls),
    missingRecords: mapMissingRecords(views, routeFiles),
    functions: sortedUnique(methods.map((m) => m.function)),
    voters: sortedUnique(methods.map((m) => m.voter)),
    events: mappedEvents,
    hasOutbox,
    jobs: project.jobs.map(({ file, ...job }) => ({ ...job, source: file })).sort(byName),
    tokenScheme: project.accounts.tokenScheme,
    devSecretPrefix: DEV_SESSION_SECRET_PREFIX,
    signInLimits: project.accounts.throttle,
    hasLogIn,
    countsFailures,
    storesSessions: sessionsOf !== null,
    accountMail,
    hasApiKeys,
    totp,
    oidc,
    hashesPasswords,
    roles:
      project.accounts.roles && project.accounts.model && project.orm !== 'none'
        ? { ...project.accounts.roles, delegate: delegateName(project.accounts.model) }
        : null,
    ...mapStartupChecks(methods, {
      usesDatabase: project.orm !== 'none',
      cors: project.cors !== null,
      hashesPasswords,
      sendsMail: accountMail !== null,
      mailNeedsPublicUrl: accountMail?.linksArePaths === true,
      signsInWithProviders: oidc !== null,
    }),
    hasAuth,
    envVariables: mapEnvVariables({
      usesDatabase: project.orm !== 'none',
      provider: options.provider,
      defaultDatabaseUrl: options.defaultDatabaseUrl,
      issuesTokens: methods.some((m) => m.account?.issuesToken || m.sessionToken !== null),
      hasAuth,
      sendsUrls: methods.some((m) => m.sendsUrls),
      trustProxy: project.trustProxy,
      cors: project.cors !== null,
      hashesPasswords,
      sendsMail: accountMail !== null,
      mailNeedsPublicUrl: accountMail?.linksArePaths === true,
      providers: oidc?.providers ?? [],
    }),
    joinTables: tables,
    searches: searchIndexes(project.routes).map((index) => mapSearch(index, options.provider)),
    hasComputed: models.some((model) => model.computed.length > 0),
    modelsWithRelations: models.filter((model) => model.declaredRelations.length > 0),
    modelsWithComputed: models.filter((model) => model.computed.length > 0),
    hiddenFields: models
      .filter((m) => m.hiddenFields.length > 0)
      .map((m) => ({ model: m.name, delegate: m.delegate, fields: m.hiddenFields })),
    ...databaseWords(options.provider),
    databaseIsFile: options.provider === 'sqlite',
    usesPrisma: project.orm === 'prisma',
    usesDrizzle: project.orm === 'drizzle',
    workerEvents: mappedEvents.filter((event) => event.run === 'worker'),
    hasNav: links.length > 0 || accountNav !== null,
    ormSyntax: mapOrmSyntax(options.provider),
    clientBodyTypes: methods.flatMap((m) => (m.bodyTypeName ? [m.bodyTypeName] : [])),
    navItems: [
      ...navLinkContexts.map(({ navPartial, href, label }) => ({ navPartial, href, label })),
      ...(accountNav ? [{ navPartial: 'view/nav/logOut' as const, href: null, label: null }] : []),
    ],
    layoutFunction: readsSession ? 'async function' : 'function',
    layoutStatements: readsSession
      ? [
          '// The links follow the session: pages that need a sign-in (and log-out) for the signed in,',
          '// log-in and sign-up pages for the others.',
          'const signedIn = (await signedInUser()) !== null;',
        ]
      : [],
  };
  return { ...context, clientRoutes: mapClientRoutes(context) };
}

/** What the templates name after the database, decided once (ProjectContext's last block). */
function databaseWords(
  provider: DatabaseProvider,
): Pick<
  ProjectContext,
  'databaseName' | 'drizzleCore' | 'tableFunction' | 'synchronousTransactions'
> {
  const postgres = provider === 'postgresql';
  return {
    databaseName: postgres ? 'PostgreSQL' : 'SQLite',
    drizzleCore: postgres ? 'drizzle-orm/pg-core' : 'drizzle-orm/sqlite-core',
    tableFunction: postgres ? 'pgTable' : 'sqliteTable',
    synchronousTransactions: !postgres,
  };
}
