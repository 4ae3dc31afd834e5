// The physical limit of a read, for `npm run bench -- handlers`: a bare Node http server (no
// framework) answering GET /users/:id with the same row of the app's SQLite file, read by the
// app's own driver (better-sqlite3, resolved from the app's node_modules) with one prepared
// statement. Dates are sent as stored (no conversion). Usage: node bareServer.js <db file> <port>
const http = require('http');
const path = require('path');
const { createRequire } = require('module');

const [file, port] = process.argv.slice(2);
const Database = createRequire(path.join(process.cwd(), 'package.json'))('better-sqlite3');
const db = new Database(file, { readonly: true });
const byId = db.prepare('SELECT "id", "name", "email", "createdAt" FROM "User" WHERE "id" = ?');
const ROUTE = /^\/users\/([0-9a-f-]{36})$/;

http
  .createServer((request, response) => {
    const match = ROUTE.exec(request.url ?? '');
    const row = match ? byId.get(match[1]) : undefined;
    response.writeHead(row ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(row ?? { error: 'Not found' }));
  })
  .listen(Number(port), '127.0.0.1');
