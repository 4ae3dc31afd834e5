import { prepareDatabase } from '../../db/prepareDatabase';
import { commandContext } from '../../project/commandContext';

/** `appgen db push`: bring the database in line with the models, without generating. */
export async function runDbPush(options: { cwd: string; acceptDataLoss?: boolean }): Promise<void> {
  await prepareDatabase(commandContext(options.cwd), { acceptDataLoss: options.acceptDataLoss });
}
