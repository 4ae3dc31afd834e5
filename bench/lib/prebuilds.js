// better-sqlite3's prebuilt binary offered to installs, shared with the e2e tests.
module.exports = require('../../scripts/localPrebuilds');
