// The rows of `npm run bench -- data` (issue 41), written by SQL into the tables of
// examples/publishing, which both ORMs name alike (Prisma's implicit many-to-many tables:
// `_Article_tags` and `_Article_favoritedBy` hold the article in "A", `_User_followers` the
// followed user in "A" and the follower in "B"). Timestamps are given: Drizzle's tables have no
// database default. Favorites and follows are random pairs, duplicates dropped, then as many as
// asked taken in random order (DISTINCT sorts: a plain LIMIT would keep only the lowest ids, and
// the newest articles, those of the first page, would have no favorites). Ids: u00001..., t0001..., a000001..., c000001...; article i has the slug `seed-i`,
// user i the username `seed<i>`, tag i the name `tag<i>`.
const { psql } = require('./database');

const VOLUME = {
  users: 2000,
  articles: 50000,
  tags: 200,
  tagsPerArticle: 3,
  favorites: 200000,
  follows: 20000,
  comments: 100000,
};

function postgresStatements(volume = VOLUME) {
  const { users, articles, tags, tagsPerArticle, favorites, follows, comments } = volume;
  const id = (prefix, n, width) => `'${prefix}' || lpad((${n})::text, ${width}, '0')`;
  const randomUser = `1 + floor(random() * ${users})::int`;
  return [
    `insert into "User"(id, email, username, password, "createdAt", "updatedAt") select ${id('u', 'i', 5)}, 'seed' || i || '@example.com', 'seed' || i, 'x', now(), now() from generate_series(1, ${users}) i`,
    `insert into "Tag"(id, name) select ${id('t', 'i', 4)}, 'tag' || i from generate_series(1, ${tags}) i`,
    `insert into "Article"(id, slug, title, description, body, "authorId", "createdAt", "updatedAt") select ${id('a', 'i', 6)}, 'seed-' || i, 'Article ' || i, 'd', 'b', ${id('u', `1 + i % ${users}`, 5)}, timestamp '2024-01-01' + i * interval '1 minute', timestamp '2024-01-01' + i * interval '1 minute' from generate_series(1, ${articles}) i`,
    `insert into "_Article_tags"("A", "B") select ${id('a', 'i', 6)}, ${id('t', `1 + (i + k * 67) % ${tags}`, 4)} from generate_series(1, ${articles}) i, generate_series(0, ${tagsPerArticle - 1}) k`,
    `insert into "_Article_favoritedBy"("A", "B") select a, b from (select distinct ${id('a', `1 + floor(random() * ${articles})::int`, 6)} a, ${id('u', randomUser, 5)} b from generate_series(1, ${Math.round(favorites * 1.1)})) pairs order by random() limit ${favorites}`,
    `insert into "_User_followers"("A", "B") select a, b from (select distinct ${id('u', randomUser, 5)} a, ${id('u', randomUser, 5)} b from generate_series(1, ${Math.round(follows * 1.1)})) pairs where a <> b order by random() limit ${follows}`,
    `insert into "Comment"(id, body, "articleId", "authorId", "createdAt", "updatedAt") select ${id('c', 'i', 6)}, 'Comment ' || i, ${id('a', `1 + i % ${articles}`, 6)}, ${id('u', `1 + (i * 7) % ${users}`, 5)}, timestamp '2024-06-01' + i * interval '1 second', timestamp '2024-06-01' + i * interval '1 second' from generate_series(1, ${comments}) i`,
    'analyze',
  ];
}

function seedPostgres(url, volume = VOLUME) {
  for (const statement of postgresStatements(volume)) psql(statement, url);
}

/** The same rows on SQLite, timestamps in milliseconds (what Drizzle stores; Prisma reads them). */
function sqliteStatements(volume = VOLUME) {
  const { users, articles, tags, tagsPerArticle, favorites, follows, comments } = volume;
  const id = (prefix, n, width) => `printf('${prefix}%0${width}d', ${n})`;
  const series = (n) =>
    `with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n})`;
  const random = (n) => `1 + abs(random()) % ${n}`;
  const now = Date.now();
  const january = Date.UTC(2024, 0, 1);
  const june = Date.UTC(2024, 5, 1);
  return [
    `${series(users)} insert into "User"(id, email, username, password, "createdAt", "updatedAt") select ${id('u', 'i', 5)}, 'seed' || i || '@example.com', 'seed' || i, 'x', ${now}, ${now} from s`,
    `${series(tags)} insert into "Tag"(id, name) select ${id('t', 'i', 4)}, 'tag' || i from s`,
    `${series(articles)} insert into "Article"(id, slug, title, description, body, "authorId", "createdAt", "updatedAt") select ${id('a', 'i', 6)}, 'seed-' || i, 'Article ' || i, 'd', 'b', ${id('u', `1 + i % ${users}`, 5)}, ${january} + i * 60000, ${january} + i * 60000 from s`,
    `${series(articles)}, k(j) as (select 0 union all select j + 1 from k where j < ${tagsPerArticle - 1}) insert into "_Article_tags"("A", "B") select ${id('a', 'i', 6)}, ${id('t', `1 + (i + j * 67) % ${tags}`, 4)} from s, k`,
    `${series(Math.round(favorites * 1.1))} insert into "_Article_favoritedBy"("A", "B") select a, b from (select distinct ${id('a', random(articles), 6)} a, ${id('u', random(users), 5)} b from s) order by random() limit ${favorites}`,
    `${series(Math.round(follows * 1.1))} insert into "_User_followers"("A", "B") select a, b from (select distinct ${id('u', random(users), 5)} a, ${id('u', random(users), 5)} b from s) where a <> b order by random() limit ${follows}`,
    `${series(comments)} insert into "Comment"(id, body, "articleId", "authorId", "createdAt", "updatedAt") select ${id('c', 'i', 6)}, 'Comment ' || i, ${id('a', `1 + i % ${articles}`, 6)}, ${id('u', `1 + (i * 7) % ${users}`, 5)}, ${june} + i * 1000, ${june} + i * 1000 from s`,
    'analyze',
  ];
}

/** `Database`: better-sqlite3, from the app's own dependencies. */
function seedSqlite(Database, file, volume = VOLUME) {
  const db = new Database(file);
  try {
    for (const statement of sqliteStatements(volume)) db.exec(statement);
  } finally {
    db.close();
  }
}

module.exports = { VOLUME, seedPostgres, seedSqlite };
