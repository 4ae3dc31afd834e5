import path from 'path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const CREATE_APPGEN = path.join(REPO_ROOT, 'dist', 'cli', 'create-appgen.js');
export const APPGEN = path.join(REPO_ROOT, 'dist', 'cli', 'appgen.js');
