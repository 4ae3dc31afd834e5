/**
 * A string literal as prettier writes it in TypeScript with its default settings (issue 51):
 * double quotes, unless the text holds more double quotes than single ones (`'a"b'`), with JSON's
 * escapes otherwise.
 */
export function tsString(text: string): string {
  // Most texts hold no `"`: JSON's literal as it is, without counting quotes (issue 51: the
  // OpenAPI document of 1,000 models writes ~200,000 strings).
  if (!text.includes('"')) return JSON.stringify(text);
  const doubles = (text.match(/"/g) ?? []).length;
  const singles = (text.match(/'/g) ?? []).length;
  const json = JSON.stringify(text);
  if (doubles <= singles) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** Identifier names prettier writes a key as without quotes (ES5 names, `$` and `_` included). */
const IDENTIFIER = /^[$_\p{ID_Start}][$\u200c\u200d\p{ID_Continue}]*$/u;

/** An object literal's key as prettier writes it: bare when it is an identifier name, else quoted. */
export function tsKey(name: string): string {
  return IDENTIFIER.test(name) ? name : tsString(name);
}
