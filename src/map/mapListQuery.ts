import type { ModelConfig, RouteConfig } from '../config/configTypes';
import { fieldOf, fieldOptions } from '../validate/checkModels';
import { DEFAULT_MAX_PAGE_SIZE } from '../validate/checkListQuery';
import { relationField } from '../validate/checkRelations';
import type { CheckedRoute } from '../validate/checkedProject';
import type { ListQueryContext, ParentContext } from './contexts';
import { delegateName } from './names';

export function mapListQuery(config: RouteConfig, model: ModelConfig | undefined, typeName: string): ListQueryContext | null {
  const query = config.query;
  if (!query || !model) return null;
  const typeOf = (name: string) => (name === 'id' ? 'uuid' : fieldOptions(fieldOf(model, name) as never).type);
  const defaultSort = query.defaultSort ? { field: query.defaultSort.replace(/^-/, ''), descending: query.defaultSort.startsWith('-') } : null;
  return {
    specName: `${typeName.charAt(0).toLowerCase()}${typeName.slice(1)}Query`,
    filters: (query.filter ?? []).map((name) => ({ name, type: typeOf(name), values: name === 'id' ? null : (fieldOptions(fieldOf(model, name) as never).values ?? null) })),
    sorts: query.sort ?? [],
    defaultSort,
    pageSize: query.pageSize ?? null,
    maxPageSize: query.maxPageSize ?? Math.max(DEFAULT_MAX_PAGE_SIZE, query.pageSize ?? 0),
    // A route that redirects answers no list, so there is nothing to count.
    count: Boolean(query.count) && !config.redirect,
  };
}

/**
 * Path parameters of a list or create that hold the id of a belongsTo relation's record
 * (`/api/users/:userId/posts` with Post.author → User via userId): the parent must exist.
 */
export function mapParents(route: CheckedRoute, model: ModelConfig | undefined): ParentContext[] {
  if (!model || (route.operation !== 'list' && route.operation !== 'create')) return [];
  const params = Object.keys(route.config.params ?? {});
  return Object.entries(model.relations ?? {})
    .filter(([name, relation]) => relation.type === 'belongsTo' && params.includes(relationField(name, relation)))
    .map(([name, relation]) => ({ param: relationField(name, relation), model: relation.model, delegate: delegateName(relation.model) }));
}
