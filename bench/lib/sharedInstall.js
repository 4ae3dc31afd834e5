// The e2e tests' shared install of generated-app dependencies, reused by the benchmarks.
module.exports = require('../../scripts/sharedInstall');
