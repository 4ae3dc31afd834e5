/** `/routes/0/body/email` → `routes[0].body.email`, the form users read in error messages. */
export function pointerToJsonPath(pointer: string): string {
  if (pointer === '') return '';
  let result = '';
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(token)) result += `[${token}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(token)) result += result ? `.${token}` : token;
    else result += `[${JSON.stringify(token)}]`;
  }
  return result;
}
