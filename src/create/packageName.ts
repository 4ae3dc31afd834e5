/**
 * npm's rules for a new package name (the subset that applies to a fresh project folder):
 * lower case, URL-safe, not starting with "." or "_", at most 214 characters.
 */
export function packageNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'it is empty';
  if (name.length > 214) return 'it is longer than 214 characters';
  if (name !== name.toLowerCase()) return 'it has upper-case letters';
  if (/^[._]/.test(name)) return 'it starts with "." or "_"';
  if (!/^[a-z0-9][a-z0-9._~-]*$/.test(name))
    return 'it may only contain lower-case letters, digits, "-", ".", "_" and "~"';
  if (['node_modules', 'favicon.ico'].includes(name)) return 'it is a reserved name';
  return undefined;
}
