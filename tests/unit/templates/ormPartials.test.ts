import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { listTemplateFiles, partialName } from '../../../src/render/templateSet';
import { partialUsage } from '../../../src/templates/partialUsage';

/**
 * The seam between the route template and the ORMs: what the rest of the templates reach in
 * `orm/<orm>/` by `(concat "orm/" orm "/<name>")`. Prisma and Drizzle offer the same names;
 * orm none offers those a project without a database reaches (no imports, db or findIds there).
 * docs/templates.md lists the same names.
 */
const OPERATIONS = ['create', 'delete', 'deleteMany', 'get', 'link', 'list', 'replace', 'unlink', 'update', 'updateMany'];
// A log-in reads the account with its password hash and counts failures in the database
// (signInFailures): only ORMs with a database have one.
// health: the database's start-up check and readiness reads (src/appgen/health.ts).
// accountTokens: the tokens and verified addresses of account mail (src/appgen/accountTokens.ts).
// apiKeyRows: the users' API keys (src/appgen/apiKeys.ts).
// totpRows: the users' second factors and recovery codes (src/appgen/totp.ts).
// identityRows: the users' identities at OpenID Connect providers (src/appgen/oidc.ts).
const DATABASE_ORM = [...OPERATIONS, 'access', 'accessCheck', 'accountTokens', 'apiKeyRows', 'identityRows', 'answer', 'answerImports', 'computed', 'cursor', 'db', 'errors', 'health', 'parent', 'findIds', 'imports', 'load', 'logIn', 'outboxStore', 'prepared', 'recordEvents', 'roleOf', 'sessionRows', 'signInFailures', 'totpRows'].sort();
const NO_DATABASE = [...OPERATIONS, 'cursor', 'errors', 'parent', 'load'].sort();

const builtins = listTemplateFiles(BUILTIN_TEMPLATES_DIR, 'built-in');
const { uses } = partialUsage(builtins);
const names = builtins.map((source) => partialName(source.name)).filter((name): name is string => name !== undefined);
const folderOf = (orm: string) => names.filter((name) => name.startsWith(`orm/${orm}/`)).map((name) => name.slice(`orm/${orm}/`.length));

/** The partials of orm/<orm>/ that a file outside that folder includes. */
function offered(orm: string): string[] {
  const inside = (file: string) => file.startsWith(`partials/orm/${orm}/`);
  return folderOf(orm).filter((name) => (uses.get(`orm/${orm}/${name}`) ?? []).some((use) => !inside(use.by))).sort();
}

describe('the ORM partial folders', () => {
  it('are prisma, drizzle and none', () => {
    expect([...new Set(names.filter((name) => name.startsWith('orm/')).map((name) => name.split('/')[1]))].sort()).toEqual(['drizzle', 'none', 'prisma']);
  });

  it.each(['prisma', 'drizzle'])('orm/%s offers the same partials as the other database ORM', (orm) => {
    expect(offered(orm)).toEqual(DATABASE_ORM);
  });

  it('orm/none offers the operations and the pieces a project without a database reaches', () => {
    expect(offered('none')).toEqual(NO_DATABASE);
  });

  it.each(['prisma', 'drizzle', 'none'])('every partial of orm/%s is included somewhere', (orm) => {
    expect(folderOf(orm).filter((name) => (uses.get(`orm/${orm}/${name}`) ?? []).length === 0)).toEqual([]);
  });

  it('outside orm/, a template picks an ORM partial by the project\'s ORM, never by a fixed name', () => {
    const fixed = [...uses].flatMap(([name, list]) => (name.startsWith('orm/') ? list.filter((use) => !use.by.startsWith('partials/orm/') && !use.dynamic).map((use) => `${use.by} → ${name}`) : []));
    expect(fixed).toEqual([]);
  });
});
