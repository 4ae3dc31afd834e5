import type { ViewConfig } from '../config/configTypes';
import { FIELD_ELEMENTS } from '../config/elements';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument } from '../load/configDocument';
import { pathParams } from '../domain/appPaths';
import { childPointer, diagnosticAt } from './locate';
import { checkSameSitePath } from './sameSitePath';
import { placeholders } from './viewRoutes';
import { walkElements } from './walkElements';

/**
 * Checks a view's elements on their own (no routes needed): unique field ids, no nested forms,
 * links whose `:name` segments the page can fill, links and `success` pages that stay on the
 * app's site, selects with something to choose, no field started both by the query and a record.
 */
export function checkViewElements(document: ConfigDocument, view: ViewConfig): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const params = pathParams(view.path);
  if (view.nav === true && params.length > 0) {
    problems.push(
      diagnosticAt(
        document,
        '/nav',
        `a view with path parameters (${view.path}) cannot be listed in the navigation`,
        'remove "nav", and link to the page from a list or a link element.',
      ),
    );
  }
  // An id is the body field a form sends: unique in its form (two forms of a page may both send
  // "title"; their inputs get distinct HTML ids, see ElementContext.domId).
  const ids = new Set<string>();
  for (const { element, pointer, form } of walkElements(view.root)) {
    if (FIELD_ELEMENTS.includes(element.type) && element.id) {
      const key = `${form?.pointer ?? ''}#${element.id}`;
      if (ids.has(key))
        problems.push(
          diagnosticAt(
            document,
            childPointer(pointer, 'id'),
            `id "${element.id}" is used twice in this ${form ? 'form' : 'view'}`,
            'give each field of a form its own id.',
          ),
        );
      ids.add(key);
    }
    if (element.type === 'form' && form)
      problems.push(
        diagnosticAt(
          document,
          pointer,
          'a form cannot contain another form',
          'move the inner form out.',
        ),
      );
    if (element.type === 'select' && (element.options ?? []).length === 0 && !form?.element.route) {
      problems.push(
        diagnosticAt(
          document,
          pointer,
          `select "${element.id}" has no options`,
          'add "options", or put it in a form bound to a route whose body field has enum values.',
        ),
      );
    }
    // An edit form's fields start with its record's values: a second start would contradict them.
    if (element.fromQuery && form?.element.load)
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, 'fromQuery'),
          `input "${element.id}" starts with the page's query, and its form's "load" fills it from a record`,
          'remove "fromQuery", or put the field in a form without "load".',
          'key',
        ),
      );
    if (element.optionLabel !== undefined && typeof element.options !== 'string')
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, 'optionLabel'),
          `"optionLabel" names the field shown for each record of a route's answer, but select "${element.id}" has no route in "options"`,
          'set "options" to a GET list route, e.g. "options": "GET /api/categories", or remove "optionLabel".',
        ),
      );
    // An http(s) href is an external link on purpose; a path must stay on this site.
    const target =
      element.type === 'link'
        ? ['href', element.href]
        : element.type === 'form'
          ? ['success', element.success]
          : [];
    const [key, path] = target;
    const sameSite = key && path?.startsWith('/') ? checkSameSitePath(path) : { ok: true as const };
    if (!sameSite.ok)
      problems.push(
        diagnosticAt(
          document,
          childPointer(pointer, key as string),
          sameSite.message,
          sameSite.hint,
        ),
      );
    else if (element.type === 'link' && element.href?.startsWith('/')) {
      for (const name of placeholders(element.href)) {
        if (!params.includes(name))
          problems.push(
            diagnosticAt(
              document,
              childPointer(pointer, 'href'),
              `link "${element.href}" uses ":${name}", which is not a parameter of this view's path "${view.path}"`,
              params.length
                ? `use one of ${params.map((p) => `:${p}`).join(', ')}.`
                : "a link can only fill in the page's own path parameters.",
            ),
          );
      }
    }
  }
  return problems;
}
