import type { ProjectModel, ProjectRoute } from '../validate/checkedProject';
import type { ListQueryContext, ParentContext } from './contexts';
import { delegateName } from '../domain/names';

export function mapListQuery(
  route: ProjectRoute,
  model: ProjectModel | undefined,
  typeName: string,
): ListQueryContext | null {
  const query = route.query;
  if (!query || !model) return null;
  const fieldOf = (name: string) => model.fields.find((f) => f.name === name);
  return {
    specName: `${typeName.charAt(0).toLowerCase()}${typeName.slice(1)}Query`,
    filters: query.filter.map((name) => ({
      name,
      type: name === 'id' ? 'uuid' : (fieldOf(name)?.type ?? 'uuid'),
      values: name === 'id' ? null : (fieldOf(name)?.values ?? null),
    })),
    sorts: query.sort,
    defaultSort: query.defaultSort,
    pageSize: query.pageSize,
    maxPageSize: query.maxPageSize,
    // A route that redirects answers no list, so there is nothing to count.
    count: query.count && !route.redirect,
  };
}

/**
 * Path parameters of a list or create that hold the id of a belongsTo relation's record
 * (`/api/users/:userId/posts` with Post.author → User via userId): the parent must exist.
 */
export function mapParents(route: ProjectRoute, model: ProjectModel | undefined): ParentContext[] {
  if (!model || (route.operation !== 'list' && route.operation !== 'create')) return [];
  const params = route.params.map((p) => p.name);
  return model.relations
    .filter(
      (relation) => relation.type === 'belongsTo' && params.includes(relation.field as string),
    )
    .map((relation) => ({
      param: relation.field as string,
      model: relation.model,
      delegate: delegateName(relation.model),
    }));
}
