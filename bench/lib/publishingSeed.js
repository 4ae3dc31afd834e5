// The rows of `npm run bench -- data` (issue 41), written by SQL into the tables of
// examples/publishing, which both ORMs name alike (Prisma's implicit many-to-many tables:
// `_Article_tags` and `_Article_favoritedBy` hold the article in "A", `_User_followers` the
// followed user in "A" and the follower in "B"). Timestamps are given: Drizzle's tables have no
// database default. Favorites and follows are random pairs, duplicates dropped, until there are
// enough. Ids: u00001..., t0001..., a000001..., c000001...; article i has the slug `seed-i`,
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
    `insert into "_Article_favoritedBy"("A", "B") select distinct ${id('a', `1 + floor(random() * ${articles})::int`, 6)}, ${id('u', randomUser, 5)} from generate_series(1, ${Math.round(favorites * 1.1)}) limit ${favorites}`,
    `insert into "_User_followers"("A", "B") select a, b from (select distinct ${id('u', randomUser, 5)} a, ${id('u', randomUser, 5)} b from generate_series(1, ${Math.round(follows * 1.1)})) pairs where a <> b limit ${follows}`,
    `insert into "Comment"(id, body, "articleId", "authorId", "createdAt", "updatedAt") select ${id('c', 'i', 6)}, 'Comment ' || i, ${id('a', `1 + i % ${articles}`, 6)}, ${id('u', `1 + (i * 7) % ${users}`, 5)}, timestamp '2024-06-01' + i * interval '1 second', timestamp '2024-06-01' + i * interval '1 second' from generate_series(1, ${comments}) i`,
    'analyze',
  ];
}

function seedPostgres(url, volume = VOLUME) {
  for (const statement of postgresStatements(volume)) psql(statement, url);
}

module.exports = { VOLUME, seedPostgres };
