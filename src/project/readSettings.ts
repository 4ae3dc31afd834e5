import fs from 'fs';
import path from 'path';
import type { OrmName, SettingsConfig } from '../config/configTypes';
import { SETTINGS_FILE } from '../load/loadProject';

/** The project's ORM setting, read by commandContext once per command (generate checks the file). */
export function projectOrm(root: string): OrmName {
  const file = path.join(root, SETTINGS_FILE);
  if (!fs.existsSync(file)) return 'prisma';
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as SettingsConfig).orm ?? 'prisma';
  } catch {
    // generate reports a broken settings file with its line and column; nothing to add here.
    return 'prisma';
  }
}
