export { DEFAULT_DATABASE_URL, providerOf, resolveDatabaseUrl, sqliteFilePath } from './databaseUrl';
export type { DatabaseProvider, ResolvedDatabaseUrl } from './databaseUrl';
export { generatePrismaClient } from './generatePrismaClient';
export type { GeneratePrismaClientOptions } from './generatePrismaClient';
export { DataLossError, SCHEMA_PATH, pushSchema } from './pushSchema';
export type { PushResult, PushSchemaOptions } from './pushSchema';
