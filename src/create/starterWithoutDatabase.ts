/**
 * The starter's files as a project without a database (`--orm none`) holds them: the spec's
 * minimal project, whose handlers are stubs and which has no accounts (they need a database).
 */

/** A view element as the starter's login page holds it (only what this file reads). */
interface StarterElement {
  type: string;
  route?: string;
  success?: string;
  children?: StarterElement[];
}

/**
 * The login page: its form, bound to nothing (a stub like the project's handlers), without the
 * link to the sign-up page that is left out.
 */
function unboundLogin(source: string): string {
  const view = JSON.parse(source) as { root: StarterElement };
  const form = view.root.children?.find((element) => element.type === 'form');
  if (!form) return source;
  delete form.route;
  delete form.success;
  view.root = form;
  return `${JSON.stringify(view, null, 2)}\n`;
}

/**
 * The users' routes: the spec's table answers a DELETE of a user `{ success: true }` in a fresh
 * project, and a stub deletes nothing (nobody could sign in without accounts), so the starter's
 * DELETE leaves its `auth` and voter `self` to projects with a database. Edited as text, so the
 * file keeps its one line per short route (tests/unit/create checks the result).
 */
const openStubDelete = (source: string) =>
  source.replace(
    /("method": "DELETE", "path": "\/api\/users\/:id".*), "auth": true, "voter": "self"/,
    '$1',
  );

const ADAPTED: Record<string, (source: string) => string> = {
  'config/views/login.json': unboundLogin,
  'config/routes/users.json': openStubDelete,
};

/** The file as a project without a database holds it (most files are the same). */
export function withoutDatabase(relative: string, source: string): string {
  return ADAPTED[relative]?.(source) ?? source;
}
