import { OUTPUT_PATHS } from '../domain/outputPaths';
import type { MethodContext, ProjectContext } from '../map/contexts';
import type { FileOwner } from './fileMap';
import { jsonLiteral } from './jsonLiteral';
import { buildOpenApiDocument } from './openapi/buildOpenApiDocument';

export interface TemplateOutput {
  path: string;
  context: object;
  /** Config files the output comes from, named in its header. */
  sources: string[];
}

export interface TemplateEntry {
  /** Path of the template under templates/ (or a project's templates/). */
  template: string;
  owner: FileOwner;
  /** What the template produces, for `appgen templates list` and docs/template-contexts.md. */
  produces: string;
  /**
   * The context the template receives, in the types of src/map/contexts.ts: a type name
   * (`ProjectContext`), one with added fields (`ViewContext & { project: ProjectContext }`) or
   * only fields (`{ name: string; project: ProjectContext }`). Public: docs/template-contexts.md
   * is generated from it, and a unit test checks it against the contexts really passed.
   */
  context: string;
  outputs(project: ProjectContext): TemplateOutput[];
  /**
   * false: rendered on every run, never taken from the last generation (src/render/renderMemo.ts),
   * for a context that costs more to compare than to render (a finished document).
   */
  memo?: false;
  /**
   * A user-owned output: the contexts of the same output under the other values of the settings
   * its template reads. An untouched file scaffolded under one of them is replaced (see
   * `PlannedFile.replaces`).
   */
  otherSettings?: (context: ProjectContext) => ProjectContext[];
}

/** Any `cors`: the scaffolded proxy only asks whether it is set. */
const SOME_CORS: NonNullable<ProjectContext['cors']> = {
  anyOrigin: true,
  origins: [],
  credentials: false,
  methods: [],
  headers: [],
  exposeHeaders: [],
  maxAge: 0,
  originsLiteral: '"*"',
  methodsLiteral: 'null',
  headersLiteral: '[]',
  exposeHeadersLiteral: '[]',
};

const once =
  (path: string, sources: string[] = ['config/']) =>
  (project: ProjectContext): TemplateOutput[] => [{ path, context: project, sources }];

const withDatabase =
  (path: string) =>
  (project: ProjectContext): TemplateOutput[] =>
    project.usesDatabase ? once(path, ['config/models/'])(project) : [];

/** Outputs of one ORM only: switching ORMs deletes the other's files (they leave the manifest). */
const withOrm =
  (orm: ProjectContext['orm'], path: string) =>
  (project: ProjectContext): TemplateOutput[] =>
    project.orm === orm ? once(path, ['config/models/'])(project) : [];

/** A user-owned handler for each named item (an event, a job), its context the item's own. */
const handlerEach =
  <T extends { name: string }>(
    items: (project: ProjectContext) => T[],
    pathOf: (name: string) => string,
  ) =>
  (project: ProjectContext): TemplateOutput[] =>
    items(project).map((item) => ({
      path: pathOf(item.name),
      context: { ...item, project },
      sources: [],
    }));

function firstMethodUsing(
  project: ProjectContext,
  key: 'function' | 'voter',
  name: string,
): MethodContext {
  return project.methods.find((m) => m[key] === name) as MethodContext;
}

/**
 * Every kind of output file and the template that renders it. Order here is the order of the
 * template reference (docs/template-contexts.md); output order in the FileMap is by path.
 */
export const TEMPLATE_REGISTRY: TemplateEntry[] = [
  {
    template: 'src/app/[route]/route.ts.hbs',
    owner: 'generated',
    produces: 'src/app/<path>/route.ts: one per unique route path, one export per method',
    context: 'RouteFileContext & { project: ProjectContext }',
    outputs: (project) =>
      project.routeFiles.map((file) => ({
        path: file.outputPath,
        context: { ...file, project },
        sources: file.sources,
      })),
  },
  {
    template: 'src/app/[view]/page.tsx.hbs',
    owner: 'generated',
    produces: 'src/app/<path>/page.tsx: one per view',
    context: 'ViewContext & { project: ProjectContext }',
    outputs: (project) =>
      project.views.map((view) => ({
        path: view.outputPath,
        context: { ...view, project },
        sources: [view.source],
      })),
  },
  {
    template: 'src/app/layout.tsx.hbs',
    owner: 'generated',
    produces: 'src/app/layout.tsx: root layout with navigation (and log-out when the app has one)',
    context: 'ProjectContext',
    outputs: (project) =>
      once(
        'src/app/layout.tsx',
        project.accountNav ? ['config/views/', 'config/routes/'] : ['config/views/'],
      )(project),
  },
  {
    template: 'src/appgen/view.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/view.ts: what pages use to call routes in-process, require sign-in and show values',
    context: 'ProjectContext',
    outputs: (project) =>
      project.views.length > 0 ? once('src/appgen/view.ts', ['config/views/'])(project) : [],
  },
  {
    template: 'src/appgen/dates.ts',
    owner: 'generated',
    produces:
      "src/appgen/dates.ts: a date as pages write it, in the visitor's language, in UTC on the server",
    context: 'ProjectContext',
    outputs: (project) =>
      project.views.length > 0 ? once('src/appgen/dates.ts', ['config/views/'])(project) : [],
  },
  {
    template: 'src/appgen/localTime.tsx.hbs',
    owner: 'generated',
    produces:
      "src/appgen/localTime.tsx: a date's <time>, redrawn in the visitor's time zone in the browser",
    context: 'ProjectContext',
    outputs: (project) =>
      project.views.length > 0 ? once('src/appgen/localTime.tsx', ['config/views/'])(project) : [],
  },
  {
    template: 'src/appgen/pageRequest.ts',
    owner: 'generated',
    produces:
      "src/appgen/pageRequest.ts: what a page's request passes on to the routes it calls (headers, decoded path segments), for pages and the proxy, and a page's query as URLSearchParams",
    context: 'ProjectContext',
    outputs: (project) =>
      project.views.length > 0 ? once('src/appgen/pageRequest.ts', ['config/views/'])(project) : [],
  },
  {
    template: 'src/appgen/missingRecords.ts.hbs',
    owner: 'generated',
    produces:
      "src/appgen/missingRecords.ts: the proxy's check for a record page whose record does not exist (its route answers 404), shown as the not-found page",
    context: 'ProjectContext',
    outputs: once('src/appgen/missingRecords.ts', ['config/views/', 'config/routes/']),
  },
  {
    template: 'src/appgen/listState.ts',
    owner: 'generated',
    produces:
      "src/appgen/listState.ts: a list's state in its page's URL (filters, order, page), only what its route accepts",
    context: 'ProjectContext',
    outputs: (project) =>
      project.hasListControls ? once('src/appgen/listState.ts', ['config/views/'])(project) : [],
  },
  {
    template: 'src/appgen/listControls.tsx.hbs',
    owner: 'generated',
    produces:
      "src/appgen/listControls.tsx: a list's sortable headings, filter form and pager (links and a GET form)",
    context: 'ProjectContext',
    outputs: (project) =>
      project.hasListControls
        ? once('src/appgen/listControls.tsx', ['config/views/'])(project)
        : [],
  },
  {
    template: 'src/appgen/form.tsx.hbs',
    owner: 'generated',
    produces: 'src/appgen/form.tsx: the client component of forms bound to routes',
    context: 'ProjectContext',
    outputs: (project) => (project.hasForms ? once('src/appgen/form.tsx', [])(project) : []),
  },
  {
    template: 'src/appgen/sitePath.ts',
    owner: 'generated',
    produces:
      "src/appgen/sitePath.ts: a path of this site from a text that names one (a form's next page, a provider sign-in's landing)",
    context: 'ProjectContext',
    outputs: (project) =>
      project.hasForms || project.oidc ? once('src/appgen/sitePath.ts', [])(project) : [],
  },
  {
    template: 'src/appgen/logOut.tsx.hbs',
    owner: 'generated',
    produces:
      "src/appgen/logOut.tsx: the navigation's log-out button (views and an account: logOut route)",
    context: 'ProjectContext',
    outputs: (project) =>
      project.accountNav ? once('src/appgen/logOut.tsx', ['config/routes/'])(project) : [],
  },
  {
    template: 'src/appgen/devProblems.ts',
    owner: 'generated',
    produces:
      'src/appgen/devProblems.ts: what appgen dev could not apply, shown by the layout in development only (empty when generated)',
    context: 'ProjectContext',
    outputs: once('src/appgen/devProblems.ts', []),
  },
  {
    template: 'src/appgen/devProblemsBox.tsx.hbs',
    owner: 'generated',
    produces:
      'src/appgen/devProblemsBox.tsx: the box above the page in which the layout shows those problems, with a close button',
    context: 'ProjectContext',
    outputs: once('src/appgen/devProblemsBox.tsx', []),
  },
  {
    template: 'src/appgen/openapi.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/openapi.ts: the OpenAPI 3.1 document of every route (built from the contexts by src/render/openapi, written as a TypeScript literal)',
    context: '{ document: string; project: ProjectContext }',
    outputs: (project) => [
      {
        path: 'src/appgen/openapi.ts',
        // Laid out as prettier would (src/render/jsonLiteral.ts), like the rest of the module.
        context: { document: jsonLiteral(buildOpenApiDocument(project)), project },
        sources: ['config/routes/', 'config/models/'],
      },
    ],
    // The document is built above anyway; rendering only embeds it (comparing it took longer).
    memo: false,
  },
  {
    template: 'src/app/api/openapi.json/route.ts.hbs',
    owner: 'generated',
    produces: 'src/app/api/openapi.json/route.ts: serves the OpenAPI document',
    context: 'ProjectContext',
    outputs: once('src/app/api/openapi.json/route.ts', []),
  },
  {
    template: 'src/app/api/docs/page.tsx.hbs',
    owner: 'generated',
    produces: 'src/app/api/docs/page.tsx: the API documentation page (Swagger UI)',
    context: 'ProjectContext',
    outputs: once('src/app/api/docs/page.tsx', []),
  },
  {
    template: 'src/appgen/apiDocs.tsx.hbs',
    owner: 'generated',
    produces:
      'src/appgen/apiDocs.tsx: the client component showing the document with swagger-ui-dist',
    context: 'ProjectContext',
    outputs: once('src/appgen/apiDocs.tsx', []),
  },
  {
    template: 'src/appgen/swaggerUiTypes.ts',
    owner: 'generated',
    produces: 'src/appgen/swaggerUiTypes.ts: the types apiDocs.tsx uses of swagger-ui-dist',
    context: 'ProjectContext',
    outputs: once('src/appgen/swaggerUiTypes.ts', []),
  },
  {
    template: 'src/appgen/client.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/client.ts: one typed function per route method, for browser and server code (forms send through it)',
    context: '{ routes: ClientRouteContext[]; project: ProjectContext }',
    outputs: (project) => [
      {
        path: 'src/appgen/client.ts',
        context: { routes: project.clientRoutes, project },
        sources: ['config/routes/'],
      },
    ],
  },
  {
    template: 'src/app/globals.css.hbs',
    owner: 'generated',
    produces: 'src/app/globals.css: default styles',
    context: 'ProjectContext',
    outputs: once('src/app/globals.css', []),
  },
  {
    template: 'src/app/icon.svg.hbs',
    owner: 'generated',
    produces: 'src/app/icon.svg: the app icon (Next.js links it as the favicon)',
    context: 'ProjectContext',
    outputs: once('src/app/icon.svg', []),
  },
  {
    template: 'src/appgen/types/[model].ts.hbs',
    owner: 'generated',
    produces: 'src/appgen/types/<Model>.ts: the JSON shape of each model',
    context: 'ModelContext & { project: ProjectContext }',
    outputs: (project) =>
      project.models.map((model) => ({
        path: OUTPUT_PATHS.modelType(model.name),
        context: { ...model, project },
        sources: [model.source],
      })),
  },
  {
    template: 'src/appgen/types/index.ts.hbs',
    owner: 'generated',
    produces: 'src/appgen/types/index.ts: re-exports every model type',
    context: 'ProjectContext',
    outputs: once('src/appgen/types/index.ts', ['config/models/']),
  },
  {
    template: 'src/appgen/bodies.ts.hbs',
    owner: 'generated',
    produces: 'src/appgen/bodies.ts: body type and runtime spec of each route with a body',
    context: 'ProjectContext',
    outputs: once('src/appgen/bodies.ts', ['config/routes/']),
    // Its key would hash every method's context (the project's `methods`, ~22 MB of JSON at
    // 1,000 models, ~120 ms): rendering it again costs less (issue 51's generation time).
    memo: false,
  },
  {
    template: 'src/appgen/http.ts.hbs',
    owner: 'generated',
    produces: 'src/appgen/http.ts: JSON answers and error mapping',
    context: 'ProjectContext',
    outputs: once('src/appgen/http.ts', []),
  },
  {
    template: 'src/appgen/query.ts.hbs',
    owner: 'generated',
    produces: 'src/appgen/query.ts: query parameters of list routes (filters, sort, pages)',
    context: 'ProjectContext',
    outputs: (project) =>
      project.methods.some((m) => m.hasListQuery) ? once('src/appgen/query.ts', [])(project) : [],
  },
  {
    template: 'src/appgen/search.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/search.ts: the full-text searches of list routes (`query.search`), their conditions and order by relevance in SQL',
    context: 'ProjectContext',
    outputs: (project) =>
      project.searches.length > 0 ? once('src/appgen/search.ts', ['config/routes/'])(project) : [],
  },
  {
    template: 'src/appgen/rangeHeader.ts',
    owner: 'generated',
    produces:
      "src/appgen/rangeHeader.ts: the page a simple-rest list's Range header asks (react-admin's `Range: posts=0-24`)",
    context: 'ProjectContext',
    outputs: (project) =>
      project.methods.some((m) => m.hasListQuery)
        ? once('src/appgen/rangeHeader.ts', [])(project)
        : [],
  },
  {
    template: 'src/appgen/cursor.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/cursor.ts: pages of lists by cursor (`"pagination": "cursor"`): reading ?cursor=, the next page\'s cursor and Link header, the records after a cursor',
    context: 'ProjectContext',
    outputs: (project) =>
      project.methods.some((m) => m.listQuery?.cursor)
        ? once('src/appgen/cursor.ts', [])(project)
        : [],
  },
  {
    template: 'src/appgen/shape.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/shape.ts: the fields routes send of each record when they choose them (`fields`), their computed and url fields, and lists of plain values (`values`)',
    context: 'ProjectContext',
    outputs: (project) =>
      project.usesDatabase && project.methods.some((m) => m.shapeName !== null || m.values !== null)
        ? once('src/appgen/shape.ts', ['config/'])(project)
        : [],
  },
  {
    template: 'src/appgen/shapes/[model].ts.hbs',
    owner: 'generated',
    produces:
      "src/appgen/shapes/<model>.ts: a model's answer shapes, each once: what routes read, count, compute and send of its records",
    context: 'AnswerModuleContext & { project: ProjectContext }',
    outputs: (project) =>
      project.answerModules.map((module) => ({
        path: module.outputPath,
        context: { ...module, project },
        sources: module.sources,
      })),
  },
  {
    template: 'src/appgen/access.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/access.ts: the caller as access rules see them (id, role read now when a rule asks for it)',
    context: 'ProjectContext',
    outputs: (project) =>
      project.accessModules.length > 0 ? once('src/appgen/access.ts', ['config/'])(project) : [],
  },
  {
    template: 'src/appgen/access/[model].ts.hbs',
    owner: 'generated',
    produces:
      "src/appgen/access/<model>.ts: a model's access rules as the condition every query of its routes adds",
    context: 'AccessModuleContext & { project: ProjectContext }',
    outputs: (project) =>
      project.accessModules.map((module) => ({
        path: module.outputPath,
        context: { ...module, project },
        sources: module.sources,
      })),
  },
  {
    template: 'src/appgen/counts.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/counts.ts: the `count` computed fields, counted for the records a route read, orm prisma only',
    context: 'ProjectContext',
    outputs: (project) =>
      project.orm === 'prisma' &&
      project.models.some((m) => m.computed.some((c) => c.kind === 'count'))
        ? once('src/appgen/counts.ts', ['config/models/'])(project)
        : [],
  },
  {
    template: 'src/appgen/password.ts',
    owner: 'generated',
    produces: 'src/appgen/password.ts: password hashes: make one, check a password against one',
    context: 'ProjectContext',
    outputs: (project) =>
      project.hashesPasswords ? once('src/appgen/password.ts', ['config/models/'])(project) : [],
  },
  {
    template: 'src/appgen/slug.ts',
    owner: 'generated',
    produces: 'src/appgen/slug.ts: slugs made from another field, free of duplicates',
    context: 'ProjectContext',
    outputs: (project) =>
      project.usesDatabase && project.models.some((m) => m.slug !== null)
        ? once('src/appgen/slug.ts', ['config/models/'])(project)
        : [],
  },
  {
    template: 'src/appgen/body.ts',
    owner: 'generated',
    produces: 'src/appgen/body.ts: request body reading and validators',
    context: 'ProjectContext',
    outputs: once('src/appgen/body.ts', []),
  },
  {
    template: 'src/appgen/noBody.ts',
    owner: 'generated',
    produces: 'src/appgen/noBody.ts: a body sent to a route that declares none, refused (400, 415)',
    context: 'ProjectContext',
    outputs: once('src/appgen/noBody.ts', []),
  },
  {
    template: 'src/appgen/params.ts',
    owner: 'generated',
    produces: 'src/appgen/params.ts: path parameter checks',
    context: 'ProjectContext',
    outputs: once('src/appgen/params.ts', []),
  },
  {
    template: 'src/appgen/throttle.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/throttle.ts: failed log-ins counted in the database per identity and client address (429 past the limit)',
    context: 'ProjectContext',
    outputs: (project) =>
      project.hasLogIn ? once('src/appgen/throttle.ts', ['appgen.config.json'])(project) : [],
  },
  {
    template: 'src/appgen/knownClients.ts',
    owner: 'generated',
    produces:
      'src/appgen/knownClients.ts: the cookie that makes a client known to an account, which the log-in throttle counts apart from strangers',
    context: 'ProjectContext',
    outputs: (project) => (project.hasLogIn ? once('src/appgen/knownClients.ts', [])(project) : []),
  },
  {
    template: 'src/appgen/failureCounts.ts',
    owner: 'generated',
    produces:
      'src/appgen/failureCounts.ts: rows counted per key within a window (failed log-ins, requests for mail) and the 429 past a limit',
    context: 'ProjectContext',
    outputs: (project) =>
      project.countsFailures ? once('src/appgen/failureCounts.ts', [])(project) : [],
  },
  {
    template: 'src/appgen/signInFailures.ts.hbs',
    owner: 'generated',
    produces:
      "src/appgen/signInFailures.ts: the throttle's failed log-ins in table AppgenSignInFailure (partial orm/<orm>/signInFailures)",
    context: 'ProjectContext',
    outputs: (project) =>
      project.countsFailures
        ? once('src/appgen/signInFailures.ts', ['appgen.config.json'])(project)
        : [],
  },
  {
    template: 'src/appgen/accountMail.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/accountMail.ts: password reset and e-mail verification: single-use tokens (stored hashed) mailed through the outbox, throttled per address and client',
    context: 'ProjectContext',
    outputs: (project) =>
      project.accountMail ? once('src/appgen/accountMail.ts', ['appgen.config.json'])(project) : [],
  },
  {
    template: 'src/appgen/accountTokens.ts.hbs',
    owner: 'generated',
    produces:
      "src/appgen/accountTokens.ts: account mail's tokens and verified addresses in tables AppgenAccountToken and AppgenVerifiedAddress (partial orm/<orm>/accountTokens)",
    context: 'ProjectContext',
    outputs: (project) =>
      project.accountMail
        ? once('src/appgen/accountTokens.ts', ['appgen.config.json'])(project)
        : [],
  },
  {
    template: 'src/appgen/accountTokenTypes.ts',
    owner: 'generated',
    produces:
      "src/appgen/accountTokenTypes.ts: the rows of account mail and their store's interface",
    context: 'ProjectContext',
    outputs: (project) =>
      project.accountMail ? once('src/appgen/accountTokenTypes.ts', [])(project) : [],
  },
  {
    template: 'src/app/appgen/mail/page.tsx.hbs',
    owner: 'generated',
    produces:
      'src/app/appgen/mail/page.tsx: the development mailbox, the mail sent without APPGEN_SMTP_URL (404 in production)',
    context: 'ProjectContext',
    outputs: (project) =>
      project.accountMail ? once('src/app/appgen/mail/page.tsx', [])(project) : [],
  },
  {
    template: 'src/appgen/mail.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/mail.ts: sends mail with nodemailer over APPGEN_SMTP_URL, or in development into the terminal and .appgen/mail',
    context: 'ProjectContext',
    outputs: (project) =>
      project.accountMail ? once('src/appgen/mail.ts', ['appgen.config.json'])(project) : [],
  },
  {
    template: 'src/appgen/sessions.ts',
    owner: 'generated',
    produces:
      "src/appgen/sessions.ts: the stored sessions (table AppgenSession), found by the SHA-256 of their token's id: start, check, end, list",
    context: 'ProjectContext',
    outputs: (project) =>
      project.storesSessions ? once('src/appgen/sessions.ts', [])(project) : [],
  },
  {
    template: 'src/appgen/sessionRows.ts.hbs',
    owner: 'generated',
    produces:
      "src/appgen/sessionRows.ts: the statements of the sessions' table AppgenSession (partial orm/<orm>/sessionRows)",
    context: 'ProjectContext',
    outputs: (project) =>
      project.storesSessions
        ? once('src/appgen/sessionRows.ts', ['appgen.config.json'])(project)
        : [],
  },
  {
    template: 'src/appgen/apiKeys.ts',
    owner: 'generated',
    produces:
      'src/appgen/apiKeys.ts: API keys (table AppgenApiKey), found by the SHA-256 of the key: create, check, list, revoke',
    context: 'ProjectContext',
    outputs: (project) => (project.hasApiKeys ? once('src/appgen/apiKeys.ts', [])(project) : []),
  },
  {
    template: 'src/appgen/apiKeyRows.ts.hbs',
    owner: 'generated',
    produces:
      "src/appgen/apiKeyRows.ts: the statements of the API keys' table AppgenApiKey (partial orm/<orm>/apiKeyRows)",
    context: 'ProjectContext',
    outputs: (project) =>
      project.hasApiKeys ? once('src/appgen/apiKeyRows.ts', ['appgen.config.json'])(project) : [],
  },
  {
    template: 'src/appgen/totp.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/totp.ts: a second factor, time-based one-time codes (otplib) and recovery codes: enrol, confirm, disable, the check of a log-in',
    context: 'ProjectContext',
    outputs: (project) =>
      project.totp ? once('src/appgen/totp.ts', ['appgen.config.json'])(project) : [],
  },
  {
    template: 'src/appgen/totpRows.ts.hbs',
    owner: 'generated',
    produces:
      "src/appgen/totpRows.ts: the statements of the second factor's tables AppgenTotp and AppgenRecoveryCode (partial orm/<orm>/totpRows)",
    context: 'ProjectContext',
    outputs: (project) =>
      project.totp ? once('src/appgen/totpRows.ts', ['appgen.config.json'])(project) : [],
  },
  {
    template: 'src/appgen/oidc.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/oidc.ts: sign-in with OpenID Connect providers (openid-client): the redirect with PKCE, state and nonce, the callback, linking, the identities',
    context: 'ProjectContext',
    outputs: (project) =>
      project.oidc ? once('src/appgen/oidc.ts', ['appgen.config.json'])(project) : [],
  },
  {
    template: 'src/appgen/identityRows.ts.hbs',
    owner: 'generated',
    produces:
      "src/appgen/identityRows.ts: the statements of the providers' identities, table AppgenIdentity, and of the accounts they sign in (partial orm/<orm>/identityRows)",
    context: 'ProjectContext',
    outputs: (project) =>
      project.oidc ? once('src/appgen/identityRows.ts', ['appgen.config.json'])(project) : [],
  },
  {
    template: 'src/appgen/roles.ts.hbs',
    owner: 'generated',
    produces:
      "src/appgen/roles.ts: the users' roles and the check of the voters with roles: the caller's role read by their id on each request (partial orm/<orm>/roleOf)",
    context: 'ProjectContext',
    outputs: (project) =>
      project.roles ? once('src/appgen/roles.ts', ['appgen.config.json'])(project) : [],
  },
  {
    template: 'src/appgen/session.ts.hbs',
    owner: 'generated',
    produces: 'src/appgen/session.ts: signed session tokens: issue, read, verify',
    context: 'ProjectContext',
    outputs: once('src/appgen/session.ts', []),
  },
  {
    template: 'src/appgen/startup.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/startup.ts: what a server does when it starts: its checks (a production server with a failed one exits), then the outbox worker',
    context: 'ProjectContext',
    outputs: once('src/appgen/startup.ts', []),
  },
  {
    template: 'src/appgen/health.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/health.ts: the database start-up check and readiness (the database answers, every table and column read exists)',
    context: 'ProjectContext',
    outputs: once('src/appgen/health.ts', ['config/models/']),
  },
  {
    template: 'src/app/api/health/route.ts.hbs',
    owner: 'generated',
    produces:
      'src/app/api/health/route.ts: GET /api/health, readiness for a load balancer (200 or 503)',
    context: 'ProjectContext',
    outputs: once('src/app/api/health/route.ts', []),
  },
  {
    template: 'src/app/api/health/live/route.ts.hbs',
    owner: 'generated',
    produces:
      'src/app/api/health/live/route.ts: GET /api/health/live, liveness (200 while serving)',
    context: 'ProjectContext',
    outputs: once('src/app/api/health/live/route.ts', []),
  },
  {
    template: '.env.example.hbs',
    owner: 'generated',
    produces: '.env.example: every environment variable the app reads, what it does, its default',
    context: 'ProjectContext',
    outputs: once('.env.example', ['config/', 'appgen.config.json']),
  },
  {
    template: 'src/appgen/securityHeaders.ts',
    owner: 'generated',
    produces:
      'src/appgen/securityHeaders.ts: the security headers of every answer (frames, content type, referrer)',
    context: 'ProjectContext',
    outputs: once('src/appgen/securityHeaders.ts', []),
  },
  {
    template: 'src/appgen/requestOrigin.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/requestOrigin.ts: the host, scheme and client address of a request, trusting X-Forwarded-* headers only from the proxies of `trustProxy`',
    context: 'ProjectContext',
    outputs: once('src/appgen/requestOrigin.ts', ['appgen.config.json']),
  },
  {
    template: 'src/appgen/socketAddress.ts',
    owner: 'generated',
    produces:
      "src/appgen/socketAddress.ts: records each request's connection address in a header no client can set, for `clientAddress` without a trusted proxy",
    context: 'ProjectContext',
    outputs: once('src/appgen/socketAddress.ts', []),
  },
  {
    template: 'src/appgen/csrf.ts.hbs',
    owner: 'generated',
    produces: 'src/appgen/csrf.ts: the cross-site request guard of writes',
    context: 'ProjectContext',
    outputs: once('src/appgen/csrf.ts', []),
  },
  {
    template: 'src/appgen/cors.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/cors.ts: cross-origin requests of `cors` (preflights, the headers of answers, the writes the CSRF guard lets through)',
    context: 'ProjectContext',
    outputs: (project) =>
      project.cors ? once('src/appgen/cors.ts', ['appgen.config.json'])(project) : [],
  },
  {
    template: 'src/appgen/probe.ts',
    owner: 'generated',
    produces:
      'src/appgen/probe.ts: the mark of a probe, a page asking a write route whether the visitor may use it',
    context: 'ProjectContext',
    outputs: once('src/appgen/probe.ts', []),
  },
  {
    template: 'src/appgen/voters.ts',
    owner: 'generated',
    produces: 'src/appgen/voters.ts: the built-in voters self and owner',
    context: 'ProjectContext',
    outputs: once('src/appgen/voters.ts', []),
  },
  {
    template: 'src/appgen/events.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/events.ts: runs `inRequest` events after writes, builds the outbox rows of the others',
    context: 'ProjectContext',
    outputs: once('src/appgen/events.ts', []),
  },
  {
    template: 'src/appgen/jobs.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/jobs.ts, with scheduled jobs: the jobs, their handlers, and when each is due (dueRuns, jobRunId)',
    context: 'ProjectContext',
    outputs: (project) =>
      project.jobs.length > 0 ? once('src/appgen/jobs.ts', ['config/jobs/'])(project) : [],
  },
  {
    template: 'src/appgen/outbox.ts',
    owner: 'generated',
    produces:
      "src/appgen/outbox.ts: the worker every server process runs: claims the outbox's due events, runs them with retries, gives claims back on shutdown",
    context: 'ProjectContext',
    outputs: (project) => (project.hasOutbox ? once('src/appgen/outbox.ts', [])(project) : []),
  },
  {
    template: 'src/appgen/outboxStore.ts.hbs',
    owner: 'generated',
    produces: "src/appgen/outboxStore.ts: the outbox's queries (partial orm/<orm>/outboxStore)",
    context: 'ProjectContext',
    outputs: (project) => (project.hasOutbox ? once('src/appgen/outboxStore.ts', [])(project) : []),
  },
  {
    template: 'src/appgen/outboxHandlers.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/outboxHandlers.ts: the handler of each outbox row by kind and name (the events the worker runs)',
    context: 'ProjectContext',
    outputs: (project) =>
      project.hasOutbox ? once('src/appgen/outboxHandlers.ts', ['config/events/'])(project) : [],
  },
  {
    template: 'src/appgen/handler.ts',
    owner: 'generated',
    produces: 'src/appgen/handler.ts: input types of functions and voters',
    context: 'ProjectContext',
    outputs: once('src/appgen/handler.ts', []),
  },
  {
    template: 'src/appgen/db.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/db.ts: the database client (Prisma client or Drizzle instance, partial orm/<orm>/db)',
    context: 'ProjectContext',
    outputs: withDatabase('src/appgen/db.ts'),
  },
  {
    template: 'src/appgen/schema.ts.hbs',
    owner: 'generated',
    produces: 'src/appgen/schema.ts: the Drizzle schema (tables), orm drizzle only',
    context: 'ProjectContext',
    outputs: withOrm('drizzle', 'src/appgen/schema.ts'),
  },
  {
    template: 'src/appgen/records.ts.hbs',
    owner: 'generated',
    produces:
      'src/appgen/records.ts: the columns sent of each model and the relations routes include, orm drizzle only',
    context: 'ProjectContext',
    outputs: withOrm('drizzle', 'src/appgen/records.ts'),
  },
  {
    template: 'prisma/schema.prisma.hbs',
    owner: 'generated',
    produces: 'prisma/schema.prisma: the Prisma schema, orm prisma only',
    context: 'ProjectContext',
    outputs: withOrm('prisma', 'prisma/schema.prisma'),
  },
  {
    template: 'prisma.config.ts.hbs',
    owner: 'generated',
    produces: 'prisma.config.ts: Prisma CLI configuration, orm prisma only',
    context: 'ProjectContext',
    outputs: withOrm('prisma', 'prisma.config.ts'),
  },
  {
    template: 'scaffold/src/functions/[function].ts.hbs',
    owner: 'user',
    produces: 'src/functions/<name>.ts, written once: a route function',
    context: '{ name: string; method: MethodContext; project: ProjectContext }',
    outputs: (project) =>
      project.functions.map((name) => ({
        path: OUTPUT_PATHS.function(name),
        context: { name, method: firstMethodUsing(project, 'function', name), project },
        sources: [],
      })),
  },
  {
    template: 'scaffold/src/voters/[voter].ts.hbs',
    owner: 'user',
    produces: 'src/voters/<name>.ts, written once: an authorization voter',
    context: '{ name: string; project: ProjectContext }',
    outputs: (project) =>
      project.voters.map((name) => ({
        path: OUTPUT_PATHS.voter(name),
        context: { name, project },
        sources: [],
      })),
  },
  {
    template: 'scaffold/src/events/[event].ts.hbs',
    owner: 'user',
    produces: 'src/events/<name>.ts, written once: an event handler',
    context: 'EventContext & { project: ProjectContext }',
    outputs: handlerEach((project) => project.events, OUTPUT_PATHS.event),
  },
  {
    template: 'scaffold/src/jobs/[job].ts.hbs',
    owner: 'user',
    produces: 'src/jobs/<name>.ts, written once: a scheduled job handler',
    context: 'JobContext & { project: ProjectContext }',
    outputs: handlerEach((project) => project.jobs, OUTPUT_PATHS.job),
  },
  {
    template: 'src/appgen/home.tsx.hbs',
    owner: 'generated',
    produces:
      "src/appgen/home.tsx: appgen's home page (the app's name, its pages, its API docs), unless a view has the path /",
    context: 'ProjectContext',
    outputs: (project) =>
      project.homePage ? once('src/appgen/home.tsx', ['config/views/'])(project) : [],
  },
  {
    template: 'src/app/page.tsx.hbs',
    owner: 'generated',
    produces:
      'src/app/page.tsx, unless a view or route has the path / or the project has its own: the page at / (shows src/appgen/home.tsx)',
    context: 'ProjectContext',
    outputs: (project) => (project.homePage ? once('src/app/page.tsx', [])(project) : []),
  },
  {
    template: 'src/app/not-found.tsx.hbs',
    owner: 'generated',
    produces:
      'src/app/not-found.tsx, unless the project has its own: the page for an address no page has, or a record that does not exist',
    context: 'ProjectContext',
    outputs: once('src/app/not-found.tsx', []),
  },
  {
    template: 'scaffold/src/proxy.ts.hbs',
    owner: 'user',
    produces:
      'src/proxy.ts, written once (rewritten while untouched when `cors` is set or unset): runs before every request, shows the not-found page for a missing record, adds the security headers (and the CORS headers)',
    context: 'ProjectContext',
    outputs: once('src/proxy.ts', []),
    otherSettings: (project) => [{ ...project, cors: project.cors ? null : SOME_CORS }],
  },
  {
    template: 'scaffold/src/instrumentation.ts.hbs',
    owner: 'user',
    produces:
      'src/instrumentation.ts, written once: runs when a server starts, calls startServer (checks, outbox worker)',
    context: 'ProjectContext',
    outputs: once('src/instrumentation.ts', []),
  },
  {
    template: 'scaffold/Dockerfile.hbs',
    owner: 'user',
    produces:
      'Dockerfile, written once: a production image (deps, build, migrate and a small runtime stage from the standalone output)',
    context: 'ProjectContext',
    outputs: once('Dockerfile', []),
  },
  {
    template: 'scaffold/.dockerignore.hbs',
    owner: 'user',
    produces:
      '.dockerignore, written once: what the Docker build leaves out (node_modules, .next, .env, databases)',
    context: 'ProjectContext',
    outputs: once('.dockerignore', []),
  },
  {
    template: 'scaffold/src/mail/accountMail.ts.hbs',
    owner: 'user',
    produces:
      'src/mail/accountMail.ts, written once with mail routes: the password-reset and verification mails (subject, text, HTML)',
    context: 'ProjectContext',
    outputs: (project) =>
      project.accountMail
        ? [{ path: 'src/mail/accountMail.ts', context: project, sources: [] }]
        : [],
  },
  {
    template: 'scaffold/src/auth/getAuthUser.ts.hbs',
    owner: 'user',
    produces: 'src/auth/getAuthUser.ts, written once when a route has auth: identifies the caller',
    context: 'ProjectContext',
    outputs: (project) =>
      project.hasAuth ? [{ path: 'src/auth/getAuthUser.ts', context: project, sources: [] }] : [],
  },
];
