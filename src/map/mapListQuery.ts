import type { ProjectModel, ProjectRoute } from '../validate/checkedProject';
import type { ListQueryContext, ParentContext } from './contexts';
import { delegateName, pascalCase } from '../domain/names';

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
 * The parents a route's path names (see ParentContext): by a unique field of the parent on every
 * method; by the route model's own belongsTo field on lists and creates only (other methods
 * select by that field, so a record of another parent is simply not found).
 */
export function mapParents(route: ProjectRoute): ParentContext[] {
  const checksOwnField = route.operation === 'list' || route.operation === 'create';
  return route.params.flatMap(({ name, type, field, parent }) =>
    parent && (field === null || checksOwnField)
      ? [
          {
            param: name,
            type,
            model: parent.model,
            delegate: delegateName(parent.model),
            field: parent.field,
            foreignKey: parent.foreignKey,
            variable: `parent${pascalCase(parent.relation)}`,
            setsForeignKey: field === null,
          },
        ]
      : [],
  );
}
