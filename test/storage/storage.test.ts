// The IndexedDB layer in Node on fake-indexeddb: runs with their children, skills, reopening, quota errors.

import 'fake-indexeddb/auto';
import { IDBFactory, IDBObjectStore as FakeStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openGreenhouseDb } from '../../src/storage/db';
import { StorageFullError } from '../../src/storage/errors';
import {
  appendMetrics,
  createRun,
  deleteRun,
  getRun,
  getTrajectories,
  latestCheckpoint,
  listMetrics,
  listRuns,
  putCheckpoint,
  putTrajectories,
  updateRun,
} from '../../src/storage/runs';
import { deleteSkill, listSkills, renameSkill, replaceLibrary, saveSkills } from '../../src/storage/skills';
import { skillRecord } from './fixtures';

afterEach(() => vi.restoreAllMocks());

describe('runs', () => {
  it('keeps a run, its metrics, checkpoints and trajectories, and deletes them together', async () => {
    const db = await openGreenhouseDb({ factory: new IDBFactory() });
    const a = await createRun(db, { name: 'a', config: { env: 'click-tab', lr: 0.003 }, id: 'A' }, 100);
    const b = await createRun(db, { name: 'b', config: {}, id: 'B' }, 200);
    expect(a).toMatchObject({ id: 'A', status: 'paused', updatesDone: 0, checkpointAt: null, createdAt: 100 });
    for (const u of [2, 0, 1, 10]) await appendMetrics(db, 'A', u, { 'reward/mean': u / 10 }, 300 + u);
    await appendMetrics(db, 'B', 0, { 'reward/mean': 1 });
    expect((await listMetrics(db, 'A')).map((m) => m.update)).toEqual([0, 1, 2, 10]);
    await putCheckpoint(db, 'A', 1, { params: new Float32Array([1, 2, 3]) }, 12, 400);
    await putCheckpoint(db, 'A', 5, { params: new Float32Array([4, 5]) }, 8, 400);
    const ck = await latestCheckpoint(db, 'A');
    expect(ck?.update).toBe(5);
    expect((ck?.data as { params: Float32Array }).params).toEqual(new Float32Array([4, 5]));
    await putTrajectories(db, 'A', 5, [{ actions: ['click(1)'] }], 400);
    expect(await getTrajectories(db, 'A', 5)).toEqual([{ actions: ['click(1)'] }]);
    expect(await getTrajectories(db, 'A', 4)).toBeUndefined();
    expect(await getRun(db, 'A')).toMatchObject({ updatesDone: 11, checkpointAt: 5 });
    const done = await updateRun(db, 'B', { status: 'done', note: 'fine' }, 999);
    expect(done).toMatchObject({ status: 'done', note: 'fine', updatedAt: 999, name: b.name });
    expect((await listRuns(db)).map((r) => r.id)).toEqual(['B', 'A']);

    await deleteRun(db, 'A');
    expect(await getRun(db, 'A')).toBeUndefined();
    expect(await listMetrics(db, 'A')).toEqual([]);
    expect(await latestCheckpoint(db, 'A')).toBeUndefined();
    expect(await getTrajectories(db, 'A', 5)).toBeUndefined();
    expect(await listMetrics(db, 'B')).toHaveLength(1);
    db.close();
  });

  it('refuses children and updates of a run that does not exist', async () => {
    const db = await openGreenhouseDb({ factory: new IDBFactory() });
    await expect(appendMetrics(db, 'nope', 0, {})).rejects.toThrow("no saved run 'nope'");
    await expect(updateRun(db, 'nope', { status: 'done' })).rejects.toThrow("no saved run 'nope'");
    expect(await listMetrics(db, 'nope')).toEqual([]);
    db.close();
  });

  it('turns a quota failure into StorageFullError and keeps what was saved', async () => {
    const db = await openGreenhouseDb({ factory: new IDBFactory() });
    await createRun(db, { name: 'a', config: {}, id: 'A' });
    await appendMetrics(db, 'A', 0, { x: 1 });
    vi.spyOn(FakeStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    const err = await appendMetrics(db, 'A', 1, { x: 2 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageFullError);
    expect((err as Error).message).toBe('storage full: the browser refused to save more data');
    vi.restoreAllMocks();
    expect((await listMetrics(db, 'A')).map((m) => m.update)).toEqual([0]);
    db.close();
  });
});

describe('skills store', () => {
  it('saves, filters, renames, deletes and survives reopening the database', async () => {
    const factory = new IDBFactory();
    let db = await openGreenhouseDb({ factory });
    await saveSkills(db, [skillRecord('s1'), skillRecord('s2', { family: 'grid-world', agent: 'a1' }), skillRecord('s3', { agent: 'a1' })]);
    expect((await listSkills(db, { family: 'click-tab' })).map((s) => s.id)).toEqual(['s1', 's3']);
    expect((await listSkills(db, { agent: 'a1' })).map((s) => s.id)).toEqual(['s2', 's3']);
    expect((await listSkills(db, { family: 'click-tab', agent: 'a1' })).map((s) => s.id)).toEqual(['s3']);
    expect((await renameSkill(db, 's1', '  open the tab ')).name).toBe('open the tab');
    await expect(renameSkill(db, 's1', ' ')).rejects.toThrow('empty');
    await expect(renameSkill(db, 'zz', 'x')).rejects.toThrow("no skill 'zz'");
    await deleteSkill(db, 's2');
    db.close();

    db = await openGreenhouseDb({ factory });
    const all = await listSkills(db);
    expect(all.map((s) => [s.id, s.name])).toEqual([
      ['s1', 'open the tab'],
      ['s3', 'skill s3'],
    ]);
    expect(all[0].steps).toEqual(skillRecord('s1').steps);
    db.close();
  });

  it('replaces the library all or nothing', async () => {
    const db = await openGreenhouseDb({ factory: new IDBFactory() });
    await saveSkills(db, [skillRecord('old1'), skillRecord('old2')]);
    await replaceLibrary(db, [skillRecord('new1')]);
    expect((await listSkills(db)).map((s) => s.id)).toEqual(['new1']);
    // A record that cannot be stored (no key) aborts the whole replacement.
    const bad = { ...skillRecord('x'), id: undefined } as unknown as ReturnType<typeof skillRecord>;
    await expect(replaceLibrary(db, [skillRecord('new2'), bad])).rejects.toThrow();
    expect((await listSkills(db)).map((s) => s.id)).toEqual(['new1']);
    db.close();
  });
});
