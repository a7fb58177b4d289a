// Saved training runs: the run record, its metrics per update, checkpoints and sample trajectories.
// Every write maps a quota failure to StorageFullError, so a full disk never stops training.

import type { GreenhouseDB } from './db';
import { StorageFullError, isQuotaError } from './errors';
import { writeTx } from './tx';
import { RUN_CHILD_STORES, type CheckpointRecord, type GreenhouseSchema, type MetricsRecord, type RunRecord, type RunStatus } from './schema';

export interface NewRun {
  name: string;
  config: Record<string, unknown>;
  note?: string;
  /** Defaults to a random UUID. */
  id?: string;
  /** Defaults to 'paused' (created, no update yet). */
  status?: RunStatus;
}

/** A record written before updatesDone and checkpointAt existed (it had lastUpdate), read as the current shape. */
function current(run: RunRecord & { lastUpdate?: number }): RunRecord {
  if (typeof run.updatesDone === 'number') return run;
  const { lastUpdate, ...rest } = run;
  return { ...rest, updatesDone: Math.max(0, (lastUpdate ?? -1) + 1), checkpointAt: null };
}

/** Keys of one run's children: every update of runId. */
function runRange(runId: string): IDBKeyRange {
  return IDBKeyRange.bound([runId, -Infinity], [runId, Infinity]);
}

export async function createRun(db: GreenhouseDB, run: NewRun, now = Date.now()): Promise<RunRecord> {
  const record: RunRecord = {
    id: run.id ?? crypto.randomUUID(),
    name: run.name,
    config: run.config,
    createdAt: now,
    updatedAt: now,
    updatesDone: 0,
    checkpointAt: null,
    status: run.status ?? 'paused',
  };
  if (run.note !== undefined) record.note = run.note;
  try {
    await db.add('runs', record);
  } catch (e) {
    throw isQuotaError(e) ? new StorageFullError(e) : e;
  }
  return record;
}

/** All runs, most recently updated first. */
export async function listRuns(db: GreenhouseDB): Promise<RunRecord[]> {
  return (await db.getAllFromIndex('runs', 'updatedAt')).reverse().map(current);
}

export async function getRun(db: GreenhouseDB, id: string): Promise<RunRecord | undefined> {
  const run = await db.get('runs', id);
  return run && current(run);
}

export type RunPatch = Partial<Pick<RunRecord, 'name' | 'status' | 'note' | 'config'>>;

/** Changes some fields of a run; throws when the run does not exist. */
export async function updateRun(db: GreenhouseDB, id: string, patch: RunPatch, now = Date.now()): Promise<RunRecord> {
  const tx = db.transaction('runs', 'readwrite');
  return writeTx(tx, async () => {
    const run = await tx.store.get(id);
    if (!run) throw new Error(`no saved run '${id}'`);
    const next: RunRecord = { ...current(run), ...patch, updatedAt: now };
    await tx.store.put(next);
    return next;
  });
}

/** Saves one update's metrics and moves the run's updatesDone forward, in one transaction. */
export async function appendMetrics(db: GreenhouseDB, runId: string, update: number, values: Record<string, number>, now = Date.now()): Promise<void> {
  await writeChild(db, 'metrics', { runId, update, values }, now);
}

/** One run's metrics in update order. */
export function listMetrics(db: GreenhouseDB, runId: string): Promise<MetricsRecord[]> {
  return db.getAll('metrics', runRange(runId));
}

export async function putCheckpoint(db: GreenhouseDB, runId: string, update: number, data: unknown, bytes: number, now = Date.now()): Promise<void> {
  await writeChild(db, 'checkpoints', { runId, update, data, bytes }, now);
}

/** The checkpoint with the highest update, if any. */
export async function latestCheckpoint(db: GreenhouseDB, runId: string): Promise<CheckpointRecord | undefined> {
  const cursor = await db.transaction('checkpoints').store.openCursor(runRange(runId), 'prev');
  return cursor?.value;
}

/** A run's checkpoints, newest first. */
export async function listCheckpoints(db: GreenhouseDB, runId: string): Promise<CheckpointRecord[]> {
  return (await db.getAll('checkpoints', runRange(runId))).reverse();
}

/** Deletes all but the `keep` newest checkpoints of a run (a run checkpoints every few updates; one fallback is enough). */
export async function pruneCheckpoints(db: GreenhouseDB, runId: string, keep: number): Promise<void> {
  const keys = await db.getAllKeys('checkpoints', runRange(runId));
  const old = keys.slice(0, Math.max(0, keys.length - keep));
  if (old.length === 0) return;
  const tx = db.transaction('checkpoints', 'readwrite');
  await writeTx(tx, () => Promise.all(old.map((key) => tx.store.delete(key))));
}

export async function putTrajectories(db: GreenhouseDB, runId: string, update: number, episodes: unknown, now = Date.now()): Promise<void> {
  await writeChild(db, 'trajectories', { runId, update, episodes }, now);
}

export async function getTrajectories(db: GreenhouseDB, runId: string, update: number): Promise<unknown | undefined> {
  return (await db.get('trajectories', [runId, update]))?.episodes;
}

/**
 * Forgets what a run did after `updatesDone` updates (a resume from an older checkpoint replays it): their metrics
 * and trajectories go, and updatesDone goes back; all or nothing.
 */
export async function rewindRun(db: GreenhouseDB, runId: string, updatesDone: number, now = Date.now()): Promise<void> {
  const tx = db.transaction(['runs', 'metrics', 'trajectories'], 'readwrite');
  await writeTx(tx, async () => {
    const runs = tx.objectStore('runs');
    const run = await runs.get(runId);
    if (!run) throw new Error(`no saved run '${runId}'`);
    const after = IDBKeyRange.bound([runId, updatesDone], [runId, Infinity]);
    await Promise.all([tx.objectStore('metrics').delete(after), tx.objectStore('trajectories').delete(after)]);
    await runs.put({ ...current(run), updatesDone, updatedAt: now });
  });
}

/** Deletes a run with its metrics, checkpoints and trajectories, all or nothing. */
export async function deleteRun(db: GreenhouseDB, runId: string): Promise<void> {
  const tx = db.transaction(['runs', ...RUN_CHILD_STORES], 'readwrite');
  await writeTx(tx, () => Promise.all([tx.objectStore('runs').delete(runId), ...RUN_CHILD_STORES.map((s) => tx.objectStore(s).delete(runRange(runId)))]));
}

type ChildStore = (typeof RUN_CHILD_STORES)[number];
type ChildValue<S extends ChildStore> = GreenhouseSchema[S]['value'];

/**
 * Puts a child record and moves the run forward in the same transaction: metrics of update u mean u + 1 updates
 * done; a checkpoint's update is the number of updates done when it was saved.
 */
async function writeChild<S extends ChildStore>(db: GreenhouseDB, store: S, record: ChildValue<S>, now: number): Promise<void> {
  const tx = db.transaction(['runs', store], 'readwrite');
  await writeTx(tx, async () => {
    const runs = tx.objectStore('runs');
    const stored = await runs.get(record.runId);
    if (!stored) throw new Error(`no saved run '${record.runId}'`);
    const run = current(stored);
    await tx.objectStore(store).put(record as never);
    const moved =
      store === 'metrics' ? { updatesDone: Math.max(run.updatesDone, record.update + 1) }
      : store === 'checkpoints' ? { checkpointAt: Math.max(run.checkpointAt ?? 0, record.update) }
      : {};
    await runs.put({ ...run, ...moved, updatedAt: now });
  });
}

export type { RunRecord, RunStatus };
