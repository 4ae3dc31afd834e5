import { UserError } from '../diagnostics/diagnostic';
import { closestMatch } from '../diagnostics/didYouMean';

/**
 * The built-in template files a user means. Accepted, for `partials/view/element.hbs`: the path
 * itself, with or without `.hbs` or a leading `templates/`, and the partial's name
 * `view/element`; a folder (`partials/orm/prisma`, `orm/prisma`) means every template in it.
 * All names are checked before anything happens: one unknown name is an error, with the closest
 * known name.
 */
export function resolveTemplateNames(inputs: readonly string[], known: readonly string[]): string[] {
  const resolved = new Set<string>();
  const unknown: string[] = [];
  for (const input of inputs) {
    const bare = input.replace(/\\/g, '/').replace(/^\.\//, '').replace(/^templates\//, '').replace(/\/+$/, '');
    // `src/appgen/handler.ts.hbs` also names the runtime file that template became (src/appgen/handler.ts).
    const candidates = [bare, `${bare}.hbs`, bare.replace(/\.hbs$/, ''), `partials/${bare}`, `partials/${bare}.hbs`];
    const exact = candidates.find((name) => known.includes(name));
    const inFolder = exact ? [] : known.filter((name) => candidates.some((folder) => name.startsWith(`${folder}/`)));
    if (exact) resolved.add(exact);
    else if (inFolder.length && bare !== '') inFolder.forEach((name) => resolved.add(name));
    else unknown.push(input);
  }
  if (unknown.length) {
    // Suggest in the spelling the user chose: `view/elemnt` → `view/element`.
    const spellings = known.flatMap((name) => [name, name.replace(/\.hbs$/, ''), ...(name.startsWith('partials/') ? [name.slice('partials/'.length, -'.hbs'.length)] : [])]);
    const hints = unknown.map((name) => closestMatch(name.replace(/^templates\//, ''), spellings)).filter((hint): hint is string => hint !== undefined);
    throw new UserError(
      `unknown template${unknown.length > 1 ? 's' : ''}: ${unknown.map((name) => `"${name}"`).join(', ')}`,
      `${hints.length ? `did you mean ${hints.map((hint) => `"${hint}"`).join(', ')}? ` : ''}\`appgen templates list\` shows every built-in template and partial.`,
    );
  }
  return [...resolved].sort();
}
