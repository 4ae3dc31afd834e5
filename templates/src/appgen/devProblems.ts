/**
 * What `appgen dev` could not apply (a config error, a refused model change): appgen dev writes
 * them here, the root layout shows them in development only, and every generation empties the
 * list again. Production builds never show it.
 */
export interface DevProblem {
  title: string;
  text: string;
}

export const devProblems: DevProblem[] = [];
