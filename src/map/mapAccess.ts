import type { AccessCondition } from '../domain/accessRules';
import { readsRole } from '../domain/accessRules';
import { delegateName } from '../domain/names';
import { OUTPUT_PATHS } from '../domain/outputPaths';
import type { ProjectModel } from '../validate/checkedProject';
import type {
  AccessConditionContext,
  AccessModuleContext,
  MethodAccessContext,
  RelationContext,
} from './contexts';
import { relationPath } from './mapListQuery';

const EMPTY: Omit<AccessConditionContext, 'kind'> = {
  items: [],
  field: null,
  value: null,
  path: null,
  roles: null,
};

/** A checked condition as the context its partials write (orm/<orm>/access/<kind>). */
function conditionContext(
  model: string,
  condition: AccessCondition,
  relations: Map<string, RelationContext[]>,
): AccessConditionContext {
  const of = (inner: AccessCondition) => conditionContext(model, inner, relations);
  switch (condition.kind) {
    case 'all':
    case 'any':
      return { ...EMPTY, kind: condition.kind, items: condition.items.map(of) };
    case 'not':
      return { ...EMPTY, kind: 'not', items: [of(condition.item)] };
    case 'equals':
      return condition.value === null
        ? { ...EMPTY, kind: 'isNull', field: condition.field }
        : {
            ...EMPTY,
            kind: 'equals',
            field: condition.field,
            value: JSON.stringify(condition.value),
          };
    case 'isCaller':
      return { ...EMPTY, kind: 'isCaller', field: condition.field };
    case 'reachesCaller':
      return {
        ...EMPTY,
        kind: 'reachesCaller',
        path: relationPath(model, condition.relations, 'id', relations).path,
      };
    case 'role':
      return { ...EMPTY, kind: 'role', roles: JSON.stringify(condition.roles).replace(/,/g, ', ') };
    default:
      return { ...EMPTY, kind: condition.kind };
  }
}

/** The access functions of a model with rules, as methods and parents call them; else null. */
export function methodAccessOf(model: ProjectModel | undefined): MethodAccessContext | null {
  if (!model?.readable) return null;
  const delegate = delegateName(model.name);
  return {
    readable: `${delegate}Readable`,
    module: delegate,
    readsRole: readsRole(model.readable),
  };
}

/** One module per model with access rules: `src/appgen/access/<delegate>.ts`. */
export function mapAccessModules(
  models: readonly ProjectModel[],
  relations: Map<string, RelationContext[]>,
): AccessModuleContext[] {
  return models.flatMap((model) => {
    const access = methodAccessOf(model);
    if (!access || !model.readable) return [];
    const delegate = delegateName(model.name);
    return [
      {
        model: { name: model.name, delegate },
        outputPath: OUTPUT_PATHS.accessRules(delegate),
        sources: [model.file],
        access,
        readable: conditionContext(model.name, model.readable, relations),
      },
    ];
  });
}
