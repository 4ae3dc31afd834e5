/** `User` → `user`, `BlogPost` → `blogPost`: the Prisma client property of a model. */
export function delegateName(model: string): string {
  return model.charAt(0).toLowerCase() + model.slice(1);
}

/** `user-profiles` → `UserProfiles`, `v1.2` → `V12`. */
export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** `POST /api/users/:id` → `PostApiUsersById` */
export function routeTypeName(method: string, path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':') ? `By${pascalCase(segment.slice(1))}` : pascalCase(segment),
    );
  return pascalCase(method.toLowerCase()) + parts.join('');
}

/**
 * The first word of the models appgen keeps for its own runtime (src/map/internalModels.ts:
 * the event outbox, the log-in throttle); config models may not start with it.
 */
export const INTERNAL_MODEL_PREFIX = 'Appgen';
