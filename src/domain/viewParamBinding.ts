/**
 * A list, detail or form binds its route's path parameters to the page's by name; its `params`
 * (`{ "postId": "id" }`) names the page parameter for a route parameter called otherwise, so a
 * record page at `/posts/:id` can show `GET /api/posts/:postId/comments`.
 */
export type ParamBinding = Readonly<Record<string, string>> | undefined;

/** The page parameter a route parameter takes: the one `binding` names, else its own name. */
export function pageParamOf(binding: ParamBinding, routeParam: string): string {
  return binding && Object.hasOwn(binding, routeParam) ? binding[routeParam] : routeParam;
}

/** A route path with each `:name` renamed to the page parameter it takes. */
export function pathInPageParams(path: string, binding: ParamBinding): string {
  return path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? `:${pageParamOf(binding, segment.slice(1))}` : segment,
    )
    .join('/');
}
