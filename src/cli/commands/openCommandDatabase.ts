import { databaseProblem } from '../../db/databaseProblem';
import { openProjectDatabase, type ProjectDatabase } from '../../db/projectDatabase';
import { UserError } from '../../diagnostics/diagnostic';
import type { CommandContext } from '../../project/commandContext';

/** The project's database for a command that reads it; one that cannot be opened is the user's to fix. */
export async function openCommandDatabase(context: CommandContext): Promise<ProjectDatabase> {
  try {
    return await openProjectDatabase(context);
  } catch (error) {
    throw (
      databaseProblem(error) ??
      new UserError(
        `Cannot open the project's database: ${(error as Error).message}`,
        'check DATABASE_URL (or run appgen db push to create the embedded SQLite database).',
      )
    );
  }
}
