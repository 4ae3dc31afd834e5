const path = require('path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');

module.exports = {
  REPO_ROOT,
  APPGEN: path.join(REPO_ROOT, 'dist', 'cli', 'appgen.js'),
  CREATE_APPGEN: path.join(REPO_ROOT, 'dist', 'cli', 'create-appgen.js'),
  /** Preloaded into measured children: reports their own peak memory (see reportUsage.js). */
  REPORT_USAGE: path.join(__dirname, 'reportUsage.js'),
};
