// The pure part of `npm run bench -- data`'s plan check (bench/lib/planCheck.js): reading the
// statements a generated app logs and finding reads of whole big tables in their plans.
import {
  isQuery,
  isTotalCount,
  parseSqlLog,
  pgBigScans,
  sqliteBigScans,
  violations,
} from '../../../bench/lib/planCheck';

const ROWS = { Article: 50000, Tag: 200, _Article_favoritedBy: 200000 };

describe('parseSqlLog', () => {
  it('reads each appgen:sql line with its JSON parameters, and nothing else', () => {
    const text = [
      '▲ Next.js ready',
      'appgen:sql SELECT "id" FROM "Article" WHERE "slug" = $1 -- params: ["seed-1"]',
      'appgen:sql BEGIN',
      'appgen:sql select 1 -- params: [not json',
    ].join('\n');
    expect(parseSqlLog(text)).toEqual([
      { sql: 'SELECT "id" FROM "Article" WHERE "slug" = $1', params: ['seed-1'] },
      { sql: 'BEGIN', params: [] },
      { sql: 'select 1', params: null },
    ]);
  });
});

describe('pgBigScans', () => {
  const plan = (inner: object) => [{ Plan: { 'Node Type': 'Limit', Plans: [inner] } }];
  it('finds a Seq Scan of a table above 10,000 rows, at any depth', () => {
    const explained = plan({
      'Node Type': 'Hash Join',
      Plans: [
        { 'Node Type': 'Seq Scan', 'Relation Name': 'Article' },
        { 'Node Type': 'Seq Scan', 'Relation Name': 'Tag' },
      ],
    });
    expect(pgBigScans(explained, ROWS)).toEqual([
      { table: 'Article', rows: 50000, scan: 'Seq Scan' },
    ]);
  });
  it('lets index scans and small tables pass', () => {
    const explained = plan({
      'Node Type': 'Index Scan',
      'Relation Name': '_Article_favoritedBy',
      Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'Tag' }],
    });
    expect(pgBigScans(explained, ROWS)).toEqual([]);
  });
});

describe('sqliteBigScans', () => {
  it('finds a SCAN without an index of a big table, through an alias', () => {
    const rows = [
      { detail: 'SCAN a' },
      { detail: 'SCAN Article USING INDEX Article_createdAt_idx' },
      { detail: 'SEARCH _Article_favoritedBy USING COVERING INDEX x (A=?)' },
      { detail: 'SCAN Tag' },
    ];
    expect(sqliteBigScans(rows, ROWS, 10000, { a: 'Article' })).toEqual([
      { table: 'Article', rows: 50000, scan: 'SCAN a' },
    ]);
  });
  it("finds a whole covering index read, with Prisma's schema prefix", () => {
    const rows = [
      { detail: 'SCAN main.Article USING COVERING INDEX sqlite_autoindex_Article_1' },
      { detail: 'SCAN main.Article USING INDEX Article_createdAt_idx' },
    ];
    expect(sqliteBigScans(rows, ROWS)).toEqual([
      {
        table: 'Article',
        rows: 50000,
        scan: 'SCAN main.Article USING COVERING INDEX sqlite_autoindex_Article_1',
      },
    ]);
  });
});

describe('violations', () => {
  const scan = [{ table: 'Article', rows: 50000, scan: 'Seq Scan' }];
  const count = { sql: 'SELECT COUNT(*) FROM "Article"', bigScans: scan };
  const grouped = {
    sql: 'SELECT "A", COUNT(*) FROM "_Article_favoritedBy" GROUP BY "A"',
    bigScans: scan,
  };
  it('allows a big scan in the total count of a counted list only', () => {
    expect(violations([count, grouped], { counted: true })).toEqual([grouped]);
    expect(violations([count], { counted: false })).toEqual([count]);
  });
  it('tells counts and queries apart', () => {
    expect(isTotalCount('select count(*) from "Article" where x')).toBe(true);
    expect(isTotalCount(grouped.sql)).toBe(false);
    // A page whose columns count (a computed field as a subquery) is checked as any query.
    expect(
      isTotalCount(
        'select "Article"."id", (select count(*) from "_Article_favoritedBy" "_r" where "_r"."A" = "Article"."id") from "Article"',
      ),
    ).toBe(false);
    expect(isQuery('  WITH x AS (select 1) select * from x')).toBe(true);
    expect(isQuery('BEGIN')).toBe(false);
  });
});
