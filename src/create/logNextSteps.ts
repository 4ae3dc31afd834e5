import path from 'path';

/** Where `npm run dev` serves the app (appgen dev's default port). */
const APP_URL = 'http://localhost:3000';

export function nextSteps(directory: string, installed: boolean): string {
  const relative = path.relative(process.cwd(), directory) || '.';
  // No `cd .` when the project is the current folder.
  const steps =
    relative === '.' ? [] : [`cd ${relative.includes(' ') ? JSON.stringify(relative) : relative}`];
  if (!installed) steps.push('npm install');
  steps.push('npm run dev');
  return [
    `Created ${path.basename(directory)}.`,
    '',
    'Next steps:',
    ...steps.map((s) => `  ${s}`),
    '',
    `Then open ${APP_URL}/users (the API: ${APP_URL}/api/users, its documentation: ${APP_URL}/api/docs).`,
    'Edit config/ to change models, routes and pages; appgen dev regenerates as you save.',
  ].join('\n');
}
