import path from 'path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');
export const GOLDEN_DIR = path.join(REPO_ROOT, 'tests', 'golden');
export const APPGEN_CLI = path.join(REPO_ROOT, 'dist', 'cli', 'appgen.js');
export const CREATE_APPGEN_CLI = path.join(REPO_ROOT, 'dist', 'cli', 'create-appgen.js');
