import type { OrmName } from '../config/configTypes';
import type {
  AnswerModuleContext,
  AnswerShapeContext,
  MethodContext,
  RouteFileContext,
} from './contexts';
import { OUTPUT_PATHS, moduleOf } from '../domain/outputPaths';
import { shapeLiteralOf } from './specLiterals';
import { ruledReadRules } from './mapAccess';

/**
 * Whether a method reads or sends its records by a shape: chosen or url fields (both ORMs), or on
 * Prisma an include, counts or computed fields read from Prisma's answer.
 */
function usesAnswer(method: MethodContext, orm: OrmName): boolean {
  if (orm === 'none' || method.model === null) return false;
  if (method.shapeName !== null) return true;
  return orm === 'prisma' && (method.orm.takesInclude || method.countsRelations || method.computes);
}

/** What makes two methods' answers the same: the records they read, count, compute and send. */
function keyOf(method: MethodContext): string {
  return JSON.stringify([shapeLiteralOf(method), method.computed, method.include]);
}

/** The comment line of each parameter of a Prisma include (see includeParameters). */
const INCLUDE_PARAMETERS: Record<string, string> = {
  userId: '`userId`: the caller, whose own record a computed field looks for (none has the id "").',
  caller: '`caller`: who asks, as the access rules of the related records see them.',
};

/**
 * What the include of a method depends on: the caller's own record (a `callerIn` computed field),
 * and access rules (a list of related records, or a list of values, read through them).
 */
function includeParameters(method: MethodContext): Array<[string, string]> {
  const reads = [...method.reads, ...method.include.flatMap((i) => i.reads)];
  const ruled =
    method.include.some((i) => i.isList && i.access !== null) ||
    reads.some((c) => c.access !== null);
  return [
    ...(reads.some((c) => c.kind === 'callerIn')
      ? [['userId', 'string | null'] as [string, string]]
      : []),
    ...(ruled ? [['caller', 'Caller'] as [string, string]] : []),
  ];
}

/** `text` in lines of at most 96 characters, broken at spaces (a comment's lines at indent 0). */
function wrapped(text: string): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= 96) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A route file's imports of generated modules: the names it uses of each module, sorted. */
export function answerImportsOf(
  used: Array<{ name: string; module: string }>,
): RouteFileContext['answerImports'] {
  const byModule = new Map<string, Set<string>>();
  for (const { name, module } of used) {
    byModule.set(module, (byModule.get(module) ?? new Set()).add(name));
  }
  return [...byModule.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([module, names]) => ({ module, names: [...names].sort().join(', ') }));
}

/**
 * Each model's answer shapes, said once in `src/appgen/shapes/<model>.ts` (issue 51): the
 * methods of the same shape share one constant, named `<model>Answer` for the shape most methods
 * use (the first in route order among equals), `<handler>Answer` after the first method of each
 * other; and the route files with each method's `answer` set.
 */
export function mapAnswerShapes(
  routeFiles: RouteFileContext[],
  orm: OrmName,
): { routeFiles: RouteFileContext[]; answerModules: AnswerModuleContext[] } {
  // model name → key → the methods of that shape, in route order.
  const byModel = new Map<string, Map<string, MethodContext[]>>();
  for (const method of routeFiles.flatMap((file) => file.methods)) {
    if (!usesAnswer(method, orm)) continue;
    const model = (method.model as NonNullable<MethodContext['model']>).name;
    const shapes = byModel.get(model) ?? new Map<string, MethodContext[]>();
    const key = keyOf(method);
    shapes.set(key, [...(shapes.get(key) ?? []), method]);
    byModel.set(model, shapes);
  }
  const names = new Map<MethodContext, AnswerShapeContext & { module: string }>();
  const answerModules = [...byModel.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, shapes]): AnswerModuleContext => {
      const groups = [...shapes.values()];
      const delegate = (groups[0][0].model as NonNullable<MethodContext['model']>).delegate;
      const outputPath = OUTPUT_PATHS.answerShapes(delegate);
      const most = groups.reduce((best, group) => (group.length > best.length ? group : best));
      const shapeContexts = groups.map((group): AnswerShapeContext => {
        const routes = group.map((m) => `${m.method} ${m.urlPath}`);
        const counts = (c: { kind: string }) => c.kind === 'count';
        // The partials read the method's data: one with a Shape, when some method sends one.
        const first = group.find((m) => m.shapeName !== null) ?? group[0];
        const shape: AnswerShapeContext = {
          name: group === most ? `${delegate}Answer` : `${group[0].handlerName}Answer`,
          routes,
          routeLines: wrapped(`What ${routes.join(', ')} answer${group.length > 1 ? '' : 's'}.`),
          members: {
            include: orm === 'prisma' && first.orm.takesInclude,
            counting:
              orm === 'prisma' &&
              (first.computed.some(counts) || first.include.some((i) => i.computed.some(counts))),
            reading: orm === 'prisma' && first.computes,
            shape: group.some((m) => m.shapeName !== null),
          },
          includeComment: includeParameters(first).map(([name]) => INCLUDE_PARAMETERS[name]),
          includeParameters:
            orm === 'prisma' && includeParameters(first).length > 0
              ? includeParameters(first)
                  .map(([name, type]) => `${name}: ${type}`)
                  .join(', ')
              : null,
          method: first,
        };
        for (const method of group) names.set(method, { ...shape, module: moduleOf(outputPath) });
        return shape;
      });
      return {
        model: { name, delegate },
        outputPath,
        sources: [...new Set(groups.flat().map((m) => m.source.split(' ')[0]))].sort(),
        shapes: shapeContexts,
        accessImports: answerImportsOf(
          groups
            .flat()
            .flatMap(ruledReadRules)
            .map((rules) => ({ name: rules.name, module: `@/appgen/access/${rules.module}` })),
        ),
      };
    });
  return {
    answerModules,
    routeFiles: routeFiles.map((file) => ({
      ...file,
      answerImports: answerImportsOf(file.methods.flatMap((m) => names.get(m) ?? [])),
      methods: file.methods.map((method) => {
        const shape = names.get(method);
        const answer = shape
          ? {
              name: shape.name,
              module: shape.module,
              includeArguments:
                shape.includeParameters === null
                  ? null
                  : includeParameters(method)
                      .map(([name]) => name)
                      .join(', '),
            }
          : null;
        // Set on the method's own context (mapMethod leaves it null for this), not on a copy of
        // its ~100 fields (issue 51's generation time).
        return Object.assign(method, { answer });
      }),
    })),
  };
}
