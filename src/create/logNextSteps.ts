import path from 'path';

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
    'Then open http://localhost:3000/login and http://localhost:3000/api/users.',
    'Edit config/ to change models, routes and pages; appgen dev regenerates as you save.',
  ].join('\n');
}
