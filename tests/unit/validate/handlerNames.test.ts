import fs from 'fs';
import path from 'path';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { isReservedInHandlers } from '../../../src/validate/reservedNames';

// A route file imports every name its partials may use (the file keeps those it uses), and
// imports the route's function, voter and events by their names beside them: so a function,
// voter or event cannot take any name these partials import, whether this route uses it or not.
const IMPORT_PARTIALS = [
  'partials/handler/imports.hbs',
  'partials/orm/prisma/imports.hbs',
  'partials/orm/drizzle/imports.hbs',
];

/** The local names of the one-line named imports of a template, `type` names too (not `{{...}}` ones). */
function importedNames(template: string): string[] {
  const text = fs.readFileSync(path.join(BUILTIN_TEMPLATES_DIR, template), 'utf8');
  return [...text.matchAll(/^import (?:type )?\{([^}]*)\} from /gm)].flatMap((match) =>
    match[1]
      .split(',')
      .map((specifier) => specifier.trim().split(/\s+/).pop() as string)
      .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name)),
  );
}

describe('names a route file imports', () => {
  it.each(IMPORT_PARTIALS)('%s: each is refused as a function, voter or event name', (file) => {
    const names = importedNames(file);
    expect(names.length).toBeGreaterThan(1);
    expect(names.filter((name) => !isReservedInHandlers(name))).toEqual([]);
  });
});
