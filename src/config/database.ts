/** Which kind of database a generated app talks to (decided from DATABASE_URL, see project/databaseUrl.ts). */
export type DatabaseProvider = 'sqlite' | 'postgresql';
