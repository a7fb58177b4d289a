// Opens the 'greenhouse' database with its versioned upgrade; the IDBFactory is injectable (fake-indexeddb in Node).

import { wrap, type IDBPDatabase } from 'idb';
import type { GreenhouseSchema } from './schema';

export const DB_NAME = 'greenhouse';
/** Bump with a new step in `upgrade` whenever the schema changes. */
export const DB_VERSION = 1;

export type GreenhouseDB = IDBPDatabase<GreenhouseSchema>;

export interface OpenOptions {
  /** Defaults to the page's `indexedDB`. */
  factory?: IDBFactory;
  /** Defaults to 'greenhouse'. */
  name?: string;
}

/** Creates or migrates the stores, one step per version, so any old database reaches DB_VERSION. */
function upgrade(db: GreenhouseDB, oldVersion: number): void {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: while DB_VERSION is 1, upgrade runs only from version 0
  if (oldVersion < 1) {
    const skills = db.createObjectStore('skills', { keyPath: 'id' });
    skills.createIndex('family', 'family');
    skills.createIndex('agent', 'agent');
    const runs = db.createObjectStore('runs', { keyPath: 'id' });
    runs.createIndex('updatedAt', 'updatedAt');
    db.createObjectStore('metrics', { keyPath: ['runId', 'update'] });
    db.createObjectStore('checkpoints', { keyPath: ['runId', 'update'] });
    db.createObjectStore('trajectories', { keyPath: ['runId', 'update'] });
  }
}

/** Opens (creating or upgrading) the database. Another tab's newer version closes this connection instead of blocking it. */
export async function openGreenhouseDb(options: OpenOptions = {}): Promise<GreenhouseDB> {
  const factory = options.factory ?? globalThis.indexedDB;
  if (!factory) throw new Error('IndexedDB is not available here');
  const request = factory.open(options.name ?? DB_NAME, DB_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    upgrade(wrap(request.result) as unknown as GreenhouseDB, event.oldVersion);
  });
  const db = (await wrap(request)) as unknown as GreenhouseDB;
  db.addEventListener('versionchange', () => db.close());
  return db;
}

let shared: Promise<GreenhouseDB> | null = null;

/** The page's one connection, opened on first use. */
export function getDb(): Promise<GreenhouseDB> {
  if (!shared) {
    shared = openGreenhouseDb();
    shared.catch(() => (shared = null));
  }
  return shared;
}
