import type { OrmName } from '../config/configTypes';
import type { DatabaseProvider } from '../config/database';
import type {
  BodyFieldContext,
  ComputedContext,
  DrizzleReaderContext,
  IncludeContext,
  ModelContext,
  OrmIncludeContext,
  PrismaEntryContext,
  OrmModelContext,
  OrmComputedContext,
  OrmQueryContext,
  OrmStepContext,
  OrmSyntaxContext,
  RelationStepContext,
  OrmWriteContext,
  PrismaSqlContext,
  RelationPathContext,
  SqlConditionContext,
} from './contexts';
import type { MethodFields } from './methodContextOf';

/** Writes of one record whose 404 check reads the rows they return (Drizzle). */
const CHECKS_WRITTEN = ['update', 'replace', 'delete', 'link', 'unlink'];

/** How a GET reads its record (OrmQueryContext.readsBy). */
function readsBy(method: Omit<MethodFields, 'orm'>, orm: OrmName): OrmQueryContext['readsBy'] {
  if (method.loadsRecord) {
    const sends = method.answersRecord || (orm === 'drizzle' && method.related);
    return sends ? 'current' : null;
  }
  return orm === 'prisma' ? 'find' : method.preparesRead ? 'prepared' : 'select';
}

/** Writes whose body is the record's: each field written by its kind (OrmQueryContext.writes). */
const WRITES_BODY = ['create', 'replace', 'update'];

function write(field: BodyFieldContext): OrmWriteContext {
  return {
    field,
    kind: field.link === null ? 'value' : field.link.by === null ? 'ids' : 'names',
    orEmpty: !field.nullable ? '' : field.type === 'json' ? ' ?? Prisma.DbNull' : ' ?? null',
  };
}

/** What a write does to the links of its uuid[] and string[] fields (OrmQueryContext.linksChange). */
const LINKS_CHANGE: Partial<Record<string, string>> = {
  create: 'added',
  replace: 'replaced (none when absent)',
  update: 'replaced when the body has the list',
};

/** A route on a collection whose statement returns the rows: something reads them, or counts them. */
const returnsRows = (method: Omit<MethodFields, 'orm'>) =>
  method.readsWritten || method.countKey !== null;

/** What binds the rows a write returns (Prisma: the record; Drizzle: orm/drizzle/keepWritten), or "" when nothing reads them. */
function keptAs(
  method: Omit<MethodFields, 'orm'>,
  orm: OrmName,
  recordName: string,
  rowsName: string,
): string {
  if (orm === 'prisma') return method.readsWritten ? 'const record = ' : '';
  if (method.collection) return returnsRows(method) ? `const ${rowsName} = ` : '';
  return method.readsWritten || CHECKS_WRITTEN.includes(method.operation)
    ? `const [${recordName}] = `
    : '';
}

/**
 * Prisma, a write of one record that runs again while a related record it creates is taken
 * (retryWhenTaken, once for each of createsBy) or, for a create with a slug, while the slug is
 * (withFreeSlug): the calls around it, each broken after the arrow of its last argument as
 * prettier breaks them, the write two spaces further in for each (OrmQueryContext.retriesOpen).
 */
function rerunWrite(
  method: Omit<MethodFields, 'orm'>,
): Pick<OrmQueryContext, 'retriesOpen' | 'writeShift' | 'writeCloses'> {
  const by = 'createsBy' in method ? method.createsBy : [];
  // withFreeSlug's arguments go one a line: its last, `(slug) =>`, breaks after the arrow.
  const base = method.slug ? 8 : 4;
  const spaces = (count: number) => ' '.repeat(count);
  const lead = method.slug ? `\n${spaces(by.length > 0 ? base : 4)}` : '';
  const openers = by.map(
    (field, i) =>
      `retryWhenTaken(${JSON.stringify(field)}, () =>\n${spaces(i === by.length - 1 ? 4 : base + 2 * (i + 1))}`,
  );
  const closers = by.map((_, i) => `,\n${spaces(base + 2 * i)})`).reverse();
  return {
    retriesOpen: lead + openers.join(''),
    writeShift: base - 4 + 2 * by.length,
    writeCloses: closers.join('') + (method.slug ? ',\n    )' : ''),
  };
}

/** What the ORM partials of one method render (MethodContext.orm): the decisions they leave to map. */
export function mapOrmQueries(
  method: Omit<MethodFields, 'orm'>,
  { orm, provider }: { orm: OrmName; provider: DatabaseProvider },
): OrmQueryContext {
  // A Drizzle GET reads its computed fields and belongsTo includes in the statement of its records.
  const readsInOne = orm === 'drizzle' && readsRelated(method);
  const joins = readsInOne ? method.include.filter((include) => !include.isList) : [];
  const computedColumns = readsInOne ? method.computed : [];
  const related = joins.length > 0 || computedColumns.length > 0;
  const addedIncludes = method.include.filter((include) => !joins.includes(include));
  const includes = addedIncludes.length > 0;
  const computes = method.computed.length > computedColumns.length;
  const includesComputing = addedIncludes.filter((include) => include.computed.length > 0);
  const addsRelated = includes || computes || includesComputing.length > 0;
  // Included records are added to `found`; when the write's transaction added them, it returns the records.
  const addsLater = addsRelated && !method.readsInTransaction;
  const recordName = addsLater ? 'found' : 'record';
  const rowsName = addsLater ? 'found' : 'records';
  const callerId = method.auth || method.optionalAuth ? 'userId' : 'null';
  const preparedCaller =
    related &&
    method.preparesRead &&
    callerId === 'userId' &&
    [...computedColumns, ...joins.flatMap((join) => join.computed)].some(
      (computed) => computed.kind === 'callerIn',
    );
  // A collection PATCH whose rules check the new values reads the records it changed.
  const readsCollection =
    method.queuesEvents || method.readsWritten || Boolean(method.access?.checksAfterWrite);
  const listSql = prismaSql(method, orm, provider);
  return {
    recordName,
    rowsName,
    keptAs: keptAs(method, orm, recordName, rowsName),
    addsAfterWrite: method.readsWritten && !method.readsInTransaction,
    adds: includes && computes ? 'both' : includes ? 'included' : computes ? 'computed' : null,
    includesComputing,
    callerId,
    reads: related ? 'related' : 'columns',
    joins,
    computedColumns,
    caller: preparedCaller ? 'sql.placeholder("_caller")' : method.preparesRead ? 'null' : callerId,
    executeCaller: preparedCaller ? ', _caller: userId' : '',
    addedIncludes,
    addsRelated,
    prismaInclude: [
      ...method.include.map((include): PrismaEntryContext => ({ kind: 'include', value: include })),
      ...method.reads.map(readEntry),
    ],
    takesInclude: includes || method.reads.length > 0,
    // A write its access rules check after it (their WITH CHECK) runs in a transaction, rolled back on a refusal;
    // one that includes a belongsTo through access rules reads which of those the caller may read in it.
    writesInTransaction:
      method.queuesEvents ||
      method.countsRelations ||
      Boolean(method.access?.checksAfterWrite) ||
      method.include.some((include) => !include.isList && include.access !== null),
    readsCollection,
    collectionKeptAs: method.readsWritten
      ? 'const records = '
      : method.countKey !== null
        ? 'const total = '
        : '',
    collectionReturns: method.readsWritten ? 'found' : 'found.length',
    countedAs: method.countKey !== null ? 'const { count: total } = ' : '',
    countsReadRecords: method.countKey !== null && method.readsWritten,
    returnsRows: returnsRows(method),
    transactionResult: method.readsInTransaction ? 'records' : 'written',
    writes: WRITES_BODY.includes(method.operation) ? method.body.map(write) : [],
    columns: method.body.filter((field) => field.link === null),
    links: method.body.filter((field) => field.link !== null),
    linksChange: LINKS_CHANGE[method.operation] ?? '',
    replacesLinks: method.operation === 'replace' || method.operation === 'update',
    linksWhenSent: method.operation === 'update',
    namedLinks: method.body.filter((field) => field.link?.by),
    readsBy: readsBy(method, orm),
    opens: method.slug ? 'slug' : 'plain',
    closes: method.slug ? ')' : '',
    ...rerunWrite(method),
    collectionWrite: method.writesInTransaction
      ? 'inTransaction'
      : returnsRows(method)
        ? 'returning'
        : 'plain',
    transacts: method.writesInTransaction ? 'inTransaction' : 'plain',
    insert: method.writesInTransaction ? 'inTransaction' : method.slug ? 'slug' : 'plain',
    relatedFilters: (method.listQuery?.filters ?? []).filter((filter) => filter.path !== null),
    prismaSql: listSql,
    prismaOffsetPage: listSql !== null && listPaging(method) === 'offset' ? 'ids' : 'findMany',
    relationsByQueries:
      orm === 'prisma' &&
      provider === 'postgresql' &&
      ['offset', 'cursor'].includes(listPaging(method)) &&
      (includes || method.reads.length > 0),
    prepareArgument:
      method.readStatement !== null && provider === 'postgresql'
        ? JSON.stringify(method.readStatement)
        : '',
    preparedFields: method.matches.map((match) => JSON.stringify(match.field)).join(', '),
    prismaCollectionWrite: readsCollection ? 'inTransaction' : 'plain',
    listPaging: listPaging(method),
    listNulls: method.listQuery?.nullableSorts.length ? 'nullsLast' : 'plain',
    nullableSortList: (method.listQuery?.nullableSorts ?? [])
      .map((name) => JSON.stringify(name))
      .join(', '),
  };
}

/** The SQL condition of a relation path around its value: each step's, then the last model's field compared (unless direct). */
function pathSql(path: RelationPathContext): SqlConditionContext {
  return {
    before:
      path.steps.map((step) => step.orm.sqlBefore).join('') +
      (path.direct ? '' : `"${path.field}" = `),
    after: path.steps
      .map((step) => step.orm.sqlAfter)
      .reverse()
      .join(''),
  };
}

/** A sort field's column in SQL, ascending or descending, NULLs where Prisma's order puts them (orm/prisma/list/order). */
function sortSql(field: string, nullable: boolean, descending: boolean): string {
  const nulls = !nullable ? '' : descending ? ' NULLS FIRST' : ' NULLS LAST';
  return `"${field}" ${descending ? 'DESC' : 'ASC'}${nulls}`;
}

/**
 * Prisma on SQLite, a list that reads through relations and pages by offset or counts (OrmQueryContext.prismaSql). On
 * PostgreSQL the planner turns Prisma's correlated subqueries into joins; SQLite runs them once per record of the table.
 * A list paged by cursor reads its page by Prisma (its cursor's condition is Prisma's), and counts in SQL when asked.
 */
function prismaSql(
  method: Omit<MethodFields, 'orm'>,
  orm: OrmName,
  provider: DatabaseProvider,
): PrismaSqlContext | null {
  const query = method.listQuery;
  if (orm !== 'prisma' || method.operation !== 'list' || !query || !method.model) return null;
  // A search is a condition in SQL on either database (Prisma's where has none): its page's ids
  // are read in SQL, by relevance when asked.
  if (!query.search && (provider !== 'sqlite' || !query.readsThroughRelations)) return null;
  // Access rules are Prisma conditions (src/appgen/access/<model>.ts): the list stays Prisma's.
  if (method.access) return null;
  if (listPaging(method) !== 'offset' && !query.count) return null;
  return {
    table: method.model.name,
    own: query.filters.filter((filter) => filter.path === null),
    related: query.filters.flatMap((filter) =>
      filter.path ? [{ filter, sql: pathSql(filter.path) }] : [],
    ),
    scope: query.scope.map(pathSql),
    count: query.count,
    sorts: query.sorts.map((field) => {
      const nullable = query.nullableSorts.includes(field);
      return {
        field,
        ascending: sortSql(field, nullable, false),
        descending: sortSql(field, nullable, true),
      };
    }),
  };
}

/**
 * A GET that reads its records with one select: a list, or one record read by a select of its own
 * (not the record its voter loaded), whose answer sends included records or computed fields.
 */
function readsRelated(method: Omit<MethodFields, 'orm'>): boolean {
  if (!method.related) return false;
  return method.operation === 'list' || (method.operation === 'get' && !method.loadsRecord);
}

/** How a list reads its records (OrmQueryContext.listPaging). */
function listPaging(method: Omit<MethodFields, 'orm'>): OrmQueryContext['listPaging'] {
  const query = method.listQuery;
  if (!query) return 'unqueried';
  return query.cursor ? 'cursor' : query.pageSize ? 'offset' : 'capped';
}

/** How included records and computed fields are added: awaited, or at once in a SQLite transaction. */
function reader(sync: boolean, client: string): DrizzleReaderContext {
  return {
    awaits: sync ? '' : 'await ',
    withIncluded: sync ? 'withIncludedNow' : 'withIncluded',
    withComputed: sync ? 'withComputedNow' : 'withComputed',
    client,
  };
}

/**
 * Prisma: how long an operation on a collection may keep its transaction open (ms). Its events'
 * outbox rows are written in it, and Prisma's client spends ~0.7 ms per record on them (measured:
 * 4,000 records deleted with an event each in 3 s under load), so Prisma's default of 5 s would
 * roll back a delete of some 7,000 records and answer 500.
 */
const COLLECTION_TIMEOUT = '60_000';

/** The statement syntax of the project's database (ProjectContext.ormSyntax). */
export function mapOrmSyntax(provider: DatabaseProvider): OrmSyntaxContext {
  const postgres = provider === 'postgresql';
  return {
    awaitInTransaction: postgres ? 'await ' : '',
    asyncInTransaction: postgres ? 'async ' : '',
    all: postgres ? '' : '.all()',
    run: postgres ? '' : '.run()',
    drizzleTable: postgres ? 'pgTable' : 'sqliteTable',
    drizzleExtraConfig: postgres ? 'PgTableExtraConfigValue' : 'SQLiteTableExtraConfigValue',
    forUpdate: postgres ? '.for("update")' : '',
    readAfterWrite: reader(false, ''),
    // better-sqlite3's transactions are synchronous: what they read is added at once.
    readInTransaction: reader(!postgres, ', tx'),
    collectionReadWrite: postgres
      ? `{ isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead, timeout: ${COLLECTION_TIMEOUT} }`
      : `{ timeout: ${COLLECTION_TIMEOUT} }`,
    collectionWrite: `{ timeout: ${COLLECTION_TIMEOUT} }`,
    prismaPreviewFeatures: postgres ? '["relationJoins"]' : null,
  };
}

/** How the ORM partials write one step of a relation path (RelationStepContext.orm). */
export function mapOrmStep(step: Omit<RelationStepContext, 'orm'>): OrmStepContext {
  const subquery = step.direct
    ? step.kind === 'belongsTo'
      ? 'directBelongsTo'
      : 'directManyToMany'
    : step.kind;
  const q = (name: string | null) => `"${name}"`;
  const within = `IN (SELECT "id" FROM ${q(step.toModel)} WHERE `;
  const SQL: Record<OrmStepContext['subquery'], [string, string]> = {
    directBelongsTo: [`${q(step.foreignKey)} = `, ''],
    directManyToMany: [
      `"id" IN (SELECT ${q(step.ownColumn)} FROM ${q(step.joinTable)} WHERE ${q(step.otherColumn)} = `,
      ')',
    ],
    belongsTo: [`${q(step.foreignKey)} ${within}`, ')'],
    hasMany: [`"id" IN (SELECT ${q(step.foreignKey)} FROM ${q(step.toModel)} WHERE `, ')'],
    manyToMany: [
      `"id" IN (SELECT ${q(step.ownColumn)} FROM ${q(step.joinTable)} WHERE ${q(step.otherColumn)} ${within}`,
      '))',
    ],
  };
  const CLOSING = {
    directBelongsTo: '',
    directManyToMany: '))',
    belongsTo: '))',
    // orm/drizzle/through/hasMany: an optional key's `and(isNotNull(...), ...)` closes too.
    hasMany: step.optional ? ')))' : '))',
    manyToMany: '))))',
  };
  return {
    subquery,
    closing: CLOSING[subquery],
    prismaFilter: step.kind === 'belongsTo' ? 'is' : 'some',
    sqlBefore: SQL[subquery][0],
    sqlAfter: SQL[subquery][1],
  };
}

/** How the Prisma partials read one computed field (ComputedContext.orm). */
export function mapOrmComputed(computed: Omit<ComputedContext, 'orm'>): OrmComputedContext {
  const order = computed.orderBy;
  const sort = order?.descending ? 'desc' : 'asc';
  return {
    prismaSort: !order
      ? null
      : order.optional
        ? `{ sort: "${sort}", nulls: "${order.descending ? 'first' : 'last'}" }`
        : `"${sort}"`,
    prismaReading: `[${[computed.kind, computed.relation, computed.field]
      .filter((part) => part !== null)
      .map((part) => JSON.stringify(part))
      .join(', ')}]`,
  };
}

/** How the schemas declare one model (ModelContext.orm). */
export function mapOrmModel(model: Omit<ModelContext, 'orm'>): OrmModelContext {
  const foreignKeys = model.relations.filter((relation) => relation.field !== null);
  return {
    prismaFields: model.fields.map((field) => ({
      name: field.name,
      type: `${field.prismaType}${field.optional ? '?' : ''}`,
      attributes: field.prismaAttributes ? ` ${field.prismaAttributes}` : '',
    })),
    prismaRelations: model.relations.map((relation) => ({
      relation,
      shape: relation.field !== null ? 'one' : 'list',
      mark: relation.field !== null && relation.optional ? '?' : '',
    })),
    indexes: model.indexes.map((index) => ({
      index,
      prisma: index.unique ? 'unique' : 'index',
      drizzle: index.unique ? 'uniqueIndex' : 'index',
    })),
    uniqueFields: model.fields.filter((field) => field.unique),
    foreignKeys,
    hasConstraints: model.hasUnique || model.indexes.length > 0 || foreignKeys.length > 0,
  };
}

/** What a computed field reads, as an entry of Prisma's include or select. */
const readEntry = (read: ComputedContext): PrismaEntryContext => ({ kind: 'read', value: read });

/** How the Prisma partials include one relation (IncludeContext.orm). */
export function mapOrmInclude(include: Omit<IncludeContext, 'orm'>): OrmIncludeContext {
  return {
    prismaShape: include.fields ? 'select' : include.isList ? 'ordered' : 'whole',
    prismaSelect: [
      ...include.plainFields.map((field): PrismaEntryContext => ({ kind: 'field', value: field })),
      ...include.reads.map(readEntry),
    ],
  };
}
