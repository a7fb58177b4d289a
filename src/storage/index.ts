// The storage layer's public surface: open the database, then use the runs and skills modules.

export { DB_NAME, DB_VERSION, getDb, openGreenhouseDb, type GreenhouseDB, type OpenOptions } from './db';
export { StorageFullError, isQuotaError } from './errors';
export * from './runs';
export { holdRunLock, liveRunIds } from './live';
export * from './skills';
export type * from './schema';
