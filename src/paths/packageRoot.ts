import path from 'path';

/** The appgen package folder (holding templates/ and schemas/), from src/ or dist/ alike. */
export const PACKAGE_ROOT = path.resolve(__dirname, '..', '..');
export const BUILTIN_TEMPLATES_DIR = path.join(PACKAGE_ROOT, 'templates');
export const SCHEMAS_DIR = path.join(PACKAGE_ROOT, 'schemas');
