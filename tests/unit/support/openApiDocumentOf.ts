import vm from 'vm';

/** The document inside a generated src/appgen/openapi.ts (an object literal after `= `). */
export function documentOf(files: Map<string, { content: string }>): Record<string, any> {
  const text = files.get('src/appgen/openapi.ts')?.content ?? '';
  const start = text.indexOf('= {');
  const literal = text.slice(start + 2).replace(/;\s*$/, '');
  // Through JSON: plain objects of this realm, as the app's JSON answer holds them.
  return JSON.parse(JSON.stringify(vm.runInNewContext(`(${literal})`)));
}
