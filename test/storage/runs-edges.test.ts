// Saved runs at their edges on fake-indexeddb: records of the older shape, how updatesDone and checkpointAt move,
// one run's children kept apart from another's, pruning and rewinding, and quota failures on every kind of write.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBObjectStore as FakeStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openGreenhouseDb, type GreenhouseDB } from '../../src/storage/db';
import { StorageFullError } from '../../src/storage/errors';
import {
  appendMetrics,
  createRun,
  deleteRun,
  getRun,
  getTrajectories,
  latestCheckpoint,
  listCheckpoints,
  listMetrics,
  listRuns,
  pruneCheckpoints,
  putCheckpoint,
  putTrajectories,
  rewindRun,
  updateRun,
} from '../../src/storage/runs';
import type { RunRecord } from '../../src/storage/schema';

afterEach(() => vi.restoreAllMocks());

const fresh = () => openGreenhouseDb({ factory: new IDBFactory() });
const quota = () => {
  throw new DOMException('quota', 'QuotaExceededError');
};

/** A run as stored before updatesDone and checkpointAt existed. */
function legacy(id: string, lastUpdate: number | undefined, updatedAt = 1): RunRecord {
  const run: Record<string, unknown> = { id, name: id, config: {}, createdAt: 1, updatedAt, status: 'paused' };
  if (lastUpdate !== undefined) run.lastUpdate = lastUpdate;
  return run as unknown as RunRecord;
}

async function withRuns(...ids: string[]): Promise<GreenhouseDB> {
  const db = await fresh();
  for (const id of ids) await createRun(db, { name: id, config: {}, id }, 10);
  return db;
}

describe('records of the older shape', () => {
  it('read lastUpdate u as u + 1 updates done and no checkpoint, without lastUpdate', async () => {
    const db = await fresh();
    await db.put('runs', legacy('L4', 4, 5));
    await db.put('runs', legacy('Lnone', undefined, 3));
    await db.put('runs', legacy('Lneg', -3, 4));
    const l4 = await getRun(db, 'L4');
    expect(l4).toMatchObject({ updatesDone: 5, checkpointAt: null });
    expect(l4).not.toHaveProperty('lastUpdate');
    expect((await getRun(db, 'Lnone'))?.updatesDone).toBe(0);
    expect((await getRun(db, 'Lneg'))?.updatesDone).toBe(0);
    expect((await listRuns(db)).map((r) => [r.id, r.updatesDone])).toEqual([
      ['L4', 5],
      ['Lneg', 0],
      ['Lnone', 0],
    ]);
    expect(await updateRun(db, 'L4', { name: 'renamed' }, 50)).toMatchObject({ name: 'renamed', updatesDone: 5, checkpointAt: null });
    await appendMetrics(db, 'Lnone', 0, {}, 60);
    expect(await getRun(db, 'Lnone')).toMatchObject({ updatesDone: 1, checkpointAt: null });
    db.close();
  });

  it('keep a current record as it is, even with 0 updates done', async () => {
    const db = await fresh();
    const stored = { ...legacy('C', 7), updatesDone: 0, checkpointAt: 0 } as RunRecord;
    await db.put('runs', stored);
    expect(await getRun(db, 'C')).toEqual(stored);
    db.close();
  });
});

describe('createRun', () => {
  it('defaults to a random UUID and paused, and stores a note only when given', async () => {
    const db = await fresh();
    const a = await createRun(db, { name: 'a', config: { x: 1 } }, 42);
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).toEqual({ id: a.id, name: 'a', config: { x: 1 }, createdAt: 42, updatedAt: 42, updatesDone: 0, checkpointAt: null, status: 'paused' });
    expect(await getRun(db, a.id)).not.toHaveProperty('note');
    const b = await createRun(db, { name: 'b', config: {}, id: 'B', status: 'running', note: '' }, 1);
    expect(b).toMatchObject({ id: 'B', status: 'running', note: '' });
    expect(a.id).not.toBe((await createRun(db, { name: 'c', config: {} })).id);
    db.close();
  });

  it('passes on a duplicate id as it is, and a quota failure as StorageFullError', async () => {
    const db = await withRuns('A');
    const dup = await createRun(db, { name: 'again', config: {}, id: 'A' }).catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(Error);
    expect(dup).not.toBeInstanceOf(StorageFullError);
    expect((dup as Error).name).toBe('ConstraintError');
    vi.spyOn(FakeStore.prototype, 'add').mockImplementation(quota);
    await expect(createRun(db, { name: 'full', config: {}, id: 'F' })).rejects.toBeInstanceOf(StorageFullError);
    vi.restoreAllMocks();
    expect(await getRun(db, 'F')).toBeUndefined();
    db.close();
  });
});

describe('children of a run', () => {
  it('move updatesDone to the highest update + 1 and checkpointAt to the highest checkpoint, never back', async () => {
    const db = await withRuns('A');
    await appendMetrics(db, 'A', 5, { r: 1 }, 20);
    await appendMetrics(db, 'A', 2, { r: 0 }, 21);
    expect(await getRun(db, 'A')).toMatchObject({ updatesDone: 6, checkpointAt: null, updatedAt: 21 });
    await putCheckpoint(db, 'A', 0, {}, 1, 22);
    expect(await getRun(db, 'A')).toMatchObject({ updatesDone: 6, checkpointAt: 0, updatedAt: 22 });
    await putCheckpoint(db, 'A', 4, {}, 1, 23);
    await putCheckpoint(db, 'A', 3, {}, 1, 24);
    expect(await getRun(db, 'A')).toMatchObject({ updatesDone: 6, checkpointAt: 4, updatedAt: 24 });
    await putTrajectories(db, 'A', 9, ['e'], 25);
    expect(await getRun(db, 'A')).toMatchObject({ updatesDone: 6, checkpointAt: 4, updatedAt: 25 });
    await expect(putCheckpoint(db, 'nope', 0, {}, 1)).rejects.toThrow("no saved run 'nope'");
    await expect(putTrajectories(db, 'nope', 0, [])).rejects.toThrow("no saved run 'nope'");
    db.close();
  });

  it("keep one run's children apart from another's, whatever their ids and updates", async () => {
    const db = await withRuns('A', 'A0', 'B');
    await appendMetrics(db, 'A', -1, { r: -1 });
    await appendMetrics(db, 'A', 3, { r: 3 });
    await appendMetrics(db, 'A0', 1, { r: 1 });
    await putCheckpoint(db, 'A', 2, 'a2', 1);
    await putCheckpoint(db, 'B', 7, 'b7', 1);
    await putCheckpoint(db, 'A0', 9, 'a09', 1);
    expect((await listMetrics(db, 'A')).map((m) => m.update)).toEqual([-1, 3]);
    expect((await latestCheckpoint(db, 'A'))?.data).toBe('a2');
    expect(await latestCheckpoint(db, 'C')).toBeUndefined();
    expect((await listCheckpoints(db, 'A0')).map((c) => c.data)).toEqual(['a09']);
    await deleteRun(db, 'A');
    expect((await listMetrics(db, 'A0')).map((m) => m.update)).toEqual([1]);
    expect((await latestCheckpoint(db, 'B'))?.data).toBe('b7');
    db.close();
  });

  it('lists checkpoints newest first and prunes all but the newest k', async () => {
    const db = await withRuns('A', 'B');
    for (const u of [1, 3, 2, 4]) await putCheckpoint(db, 'A', u, `c${u}`, 1);
    await putCheckpoint(db, 'B', 1, 'b1', 1);
    expect((await listCheckpoints(db, 'A')).map((c) => c.update)).toEqual([4, 3, 2, 1]);
    await pruneCheckpoints(db, 'A', 10);
    expect((await listCheckpoints(db, 'A')).map((c) => c.update)).toEqual([4, 3, 2, 1]);
    await pruneCheckpoints(db, 'A', 4);
    expect((await listCheckpoints(db, 'A')).map((c) => c.update)).toEqual([4, 3, 2, 1]);
    await pruneCheckpoints(db, 'A', 2);
    expect((await listCheckpoints(db, 'A')).map((c) => c.update)).toEqual([4, 3]);
    await pruneCheckpoints(db, 'A', 0);
    expect(await listCheckpoints(db, 'A')).toEqual([]);
    expect((await listCheckpoints(db, 'B')).map((c) => c.update)).toEqual([1]);
    db.close();
  });

  it('maps a quota failure on pruning to StorageFullError and deletes nothing', async () => {
    const db = await withRuns('A');
    for (const u of [1, 2, 3]) await putCheckpoint(db, 'A', u, u, 1);
    vi.spyOn(FakeStore.prototype, 'delete').mockImplementation(quota);
    await expect(pruneCheckpoints(db, 'A', 1)).rejects.toBeInstanceOf(StorageFullError);
    vi.restoreAllMocks();
    expect((await listCheckpoints(db, 'A')).map((c) => c.update)).toEqual([3, 2, 1]);
    db.close();
  });
});

describe('rewindRun', () => {
  it('forgets the metrics and trajectories of updates from updatesDone on, keeps checkpoints and other runs', async () => {
    const db = await withRuns('A', 'B');
    for (const u of [0, 1, 2, 3]) {
      await appendMetrics(db, 'A', u, { u });
      await putTrajectories(db, 'A', u, [u]);
    }
    await putCheckpoint(db, 'A', 2, 'c2', 1);
    await appendMetrics(db, 'B', 3, {});
    await rewindRun(db, 'A', 2, 77);
    expect((await listMetrics(db, 'A')).map((m) => m.update)).toEqual([0, 1]);
    expect(await getTrajectories(db, 'A', 1)).toEqual([1]);
    expect(await getTrajectories(db, 'A', 2)).toBeUndefined();
    expect(await getTrajectories(db, 'A', 3)).toBeUndefined();
    expect(await getRun(db, 'A')).toMatchObject({ updatesDone: 2, checkpointAt: 2, updatedAt: 77 });
    expect((await listMetrics(db, 'B')).map((m) => m.update)).toEqual([3]);
    await expect(rewindRun(db, 'nope', 0)).rejects.toThrow("no saved run 'nope'");
    db.close();
  });

  it('changes nothing when the run record cannot be written', async () => {
    const db = await withRuns('A');
    for (const u of [0, 1, 2]) await appendMetrics(db, 'A', u, {});
    vi.spyOn(FakeStore.prototype, 'put').mockImplementation(quota);
    await expect(rewindRun(db, 'A', 1)).rejects.toBeInstanceOf(StorageFullError);
    vi.restoreAllMocks();
    expect((await listMetrics(db, 'A')).map((m) => m.update)).toEqual([0, 1, 2]);
    expect((await getRun(db, 'A'))?.updatesDone).toBe(3);
    db.close();
  });
});

describe('updateRun', () => {
  it('patches the given fields and the time only', async () => {
    const db = await withRuns('A');
    const before = (await getRun(db, 'A'))!;
    const after = await updateRun(db, 'A', { status: 'done', config: { y: 2 } }, 99);
    expect(after).toEqual({ ...before, status: 'done', config: { y: 2 }, updatedAt: 99 });
    expect(await getRun(db, 'A')).toEqual(after);
    db.close();
  });
});
