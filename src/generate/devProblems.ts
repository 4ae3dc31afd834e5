import fs from 'fs';
import path from 'path';

/** The generated module the root layout reads its development-only banner from. */
export const DEV_PROBLEMS_PATH = 'src/appgen/devProblems.ts';

export interface DevProblem {
  /** One line: what could not be applied and what the app runs meanwhile. */
  title: string;
  /** The message as the terminal shows it: where, what, how to fix. */
  text: string;
}

const EMPTY = 'export const devProblems: DevProblem[] = [];';

/**
 * The generated module with these problems in place of its empty list. Everything else comes
 * from the template as generated (templates/src/appgen/devProblems.ts), so the two never
 * drift apart; a project template without that line shows no banner.
 */
export function devProblemsModule(generated: string, problems: DevProblem[]): string {
  if (problems.length === 0 || !generated.includes(EMPTY)) return generated;
  return generated.replace(
    EMPTY,
    () => `export const devProblems: DevProblem[] = ${JSON.stringify(problems, null, 2)};`,
  );
}

/**
 * Shows problems in the browser during `appgen dev`: rewrites the generated module (its last
 * generated content is `generated`) with them, and Next.js' hot reload re-renders the layout.
 * The header stays, so the next generation that succeeds rewrites it empty again.
 */
export function writeDevProblems(root: string, generated: string, problems: DevProblem[]): void {
  const file = path.join(root, DEV_PROBLEMS_PATH);
  const content = devProblemsModule(generated, problems);
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return;
  const temp = `${file}.${process.pid}.appgen-tmp`;
  fs.writeFileSync(temp, content);
  fs.renameSync(temp, file);
}
