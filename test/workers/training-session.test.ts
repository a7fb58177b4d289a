// The training session in Node (CPU backend, fake IndexedDB): a second Step while one runs is refused and no
// checkpoint is skipped; Pause during a Step waits for it; invalid hyperparameters are refused; NaN stops the run
// with its last good checkpoint kept; the saved run tells the truth (updates done, status, checkpoint, name).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/core/config-table';
import { encodeCheckpoint, decodeCheckpoint } from '../../src/rl/checkpoint';
import { createTrainer } from '../../src/rl/setup';
import { createRun, getRun, latestCheckpoint, listMetrics, openGreenhouseDb, putCheckpoint, type GreenhouseDB } from '../../src/storage';
import type { TrainingListener, TrainingStatus } from '../../src/workers/protocol';
import { TrainingSession } from '../../src/workers/training-session';
import { tinyConfig } from '../rl/helpers';

function recorder(): TrainingListener & { statuses: TrainingStatus[]; updates: number[] } {
  const statuses: TrainingStatus[] = [];
  const updates: number[] = [];
  return { statuses, updates, onStatus: (s) => statuses.push(s), onUpdate: (r) => updates.push(r.update) };
}

async function session(config: Config, db: GreenhouseDB) {
  const listener = recorder();
  const s = await TrainingSession.start({ kind: 'new', config }, listener, { device: async () => null, db });
  return { s, listener };
}

const freshDb = () => openGreenhouseDb({ factory: new IDBFactory() });
const checkpointUpdates = async (db: GreenhouseDB, runId: string) =>
  (await db.getAll('checkpoints')).filter((c) => c.runId === runId).map((c) => c.update);

describe('training session', () => {
  it('refuses a second Step while one runs, skips no checkpoint, and saves the truth about the run', async () => {
    const db = await freshDb();
    const { s, listener } = await session(tinyConfig({ updates: 3, bcSteps: 1, checkpointEvery: 1 }), db);
    const [first, second] = await Promise.all([s.step(), s.step()]);
    expect(first).toEqual({ ok: true });
    expect(second).toEqual({ ok: false, refused: 'step refused: the run is running an update' });
    expect((await getRun(db, s.started.runId))?.checkpointAt).toBe(1);
    expect(await s.step()).toEqual({ ok: true });
    expect(listener.updates).toEqual([0, 1]);
    expect(await checkpointUpdates(db, s.started.runId)).toEqual([1, 2]); // the newest two are kept
    expect(await getRun(db, s.started.runId)).toMatchObject({ updatesDone: 2, checkpointAt: 2, status: 'paused' });
    expect((await getRun(db, s.started.runId))?.name).toMatch(/^custom · click-button · seed 7 · \d{4}-\d\d-\d\d \d\d:\d\d$/);

    const [played, stepped] = await Promise.all([s.play(), s.step()]);
    expect(played).toEqual({ ok: true });
    expect(stepped).toEqual({ ok: false, refused: 'step refused: the run is training' });
    expect(await getRun(db, s.started.runId)).toMatchObject({ updatesDone: 3, checkpointAt: 3, status: 'done' });
    expect(await s.play()).toEqual({ ok: false, refused: 'play refused: the run is done' });
    // 'building' (the trainer's three stages) and 'bc' are progress, not run states.
    expect(listener.statuses.filter((x) => x.kind === 'building')).toHaveLength(3);
    expect(listener.statuses.map((x) => x.kind).filter((k) => k !== 'bc' && k !== 'building')).toEqual(['paused', 'paused', 'running', 'done']);
    await s.close();
  });

  it('a Pause during a Step waits for the update, then checkpoints it; so does a hidden page during a Step', async () => {
    const db = await freshDb();
    const { s } = await session(tinyConfig({ updates: 5, bcSteps: 1, checkpointEvery: 0 }), db);
    const [stepped, paused] = await Promise.all([s.step(), s.pause()]);
    expect([stepped, paused]).toEqual([{ ok: true }, { ok: true }]);
    expect(await checkpointUpdates(db, s.started.runId)).toEqual([0, 1]);
    expect(await getRun(db, s.started.runId)).toMatchObject({ updatesDone: 1, checkpointAt: 1, status: 'paused' });
    const [, hidden] = await Promise.all([s.step(), s.saveCheckpoint()]);
    expect(hidden).toEqual({ ok: true });
    expect(await getRun(db, s.started.runId)).toMatchObject({ updatesDone: 2, checkpointAt: 2, status: 'paused' });
    await s.close();
  });

  it('resumes from the older checkpoint, with a warning, when the newest is damaged', async () => {
    const db = await freshDb();
    const { s } = await session(tinyConfig({ updates: 5, bcSteps: 1, checkpointEvery: 1 }), db);
    await s.step();
    await s.step();
    await s.close();
    const newest = (await latestCheckpoint(db, s.started.runId))!;
    const damaged = (newest.data as Uint8Array).slice();
    damaged[damaged.length - 9] ^= 4;
    await putCheckpoint(db, s.started.runId, newest.update, damaged, damaged.length);
    const listener = recorder();
    const resumed = await TrainingSession.start({ kind: 'resume', runId: s.started.runId }, listener, { device: async () => null, db });
    expect(resumed.started.update).toBe(1);
    expect(listener.statuses).toContainEqual({ kind: 'warning', message: expect.stringMatching(/^a newer checkpoint was skipped \(checkpoint: its CRC-32 does not match its bytes.*\); resuming from the one after update 1$/) });
    await resumed.close();
  });

  it('refuses lr, beta or temperature outside the config table, keeping the run as it was', async () => {
    const db = await freshDb();
    const { s } = await session(tinyConfig({ updates: 2, bcSteps: 1 }), db);
    expect(s.setHyper({ lr: 1e6 })).toEqual({ ok: false, refused: 'lr=1000000: must be a number from 0.000001 to 0.1' });
    expect(s.setHyper({ temperature: 0 })).toMatchObject({ ok: false, refused: expect.stringMatching(/^temperature=0: must be a number from 0.05 to 5/) });
    expect(s.setHyper({ temperature: -1 })).toMatchObject({ ok: false });
    expect(s.setHyper({ temperature: 0.5 })).toEqual({ ok: true });
    await s.play();
    const saved = decodeCheckpoint((await latestCheckpoint(db, s.started.runId))!.data as Uint8Array);
    expect(saved.config).toMatchObject({ lr: 0.003, temperature: 0.5 });
    await s.close();
  });

  it('stops on NaN with its last good checkpoint kept, and refuses to go on', async () => {
    const db = await freshDb();
    const { trainer } = await createTrainer(tinyConfig({ updates: 4, bcSteps: 1 }));
    const good = await trainer.checkpoint();
    trainer.dispose();
    // Finite but huge parameters: valid to save, and the first update overflows to NaN.
    const params = good.policy.params.map((x) => (x === 0 ? 0 : Math.sign(x) * 3e38));
    const bytes = encodeCheckpoint({ ...good, policy: { ...good.policy, params } });
    await createRun(db, { id: 'poisoned', name: 'poisoned', config: { ...good.config } });
    await putCheckpoint(db, 'poisoned', 0, bytes, bytes.length);
    const listener = recorder();
    const s = await TrainingSession.start({ kind: 'resume', runId: 'poisoned' }, listener, { device: async () => null, db });
    expect(await s.play()).toEqual({ ok: true });
    const failed = listener.statuses.find((x) => x.kind === 'failed');
    expect(failed).toMatchObject({ message: expect.stringMatching(/became (NaN|-?Infinity) at update 1: training stopped; the checkpoint after update 0 is kept/) });
    expect(await getRun(db, 'poisoned')).toMatchObject({ status: 'failed', updatesDone: 0 });
    expect(await checkpointUpdates(db, 'poisoned')).toEqual([0]);
    expect(await listMetrics(db, 'poisoned')).toEqual([]);
    expect(await s.step()).toEqual({ ok: false, refused: 'step refused: the run is stopped by an error' });
    await s.close();
  });

  it('a resume after updates past the last checkpoint says how many run again, and forgets them', async () => {
    const db = await freshDb();
    const { s } = await session(tinyConfig({ updates: 6, bcSteps: 1, checkpointEvery: 2 }), db);
    for (let k = 0; k < 3; k++) await s.step();
    const runId = s.started.runId;
    expect(await getRun(db, runId)).toMatchObject({ updatesDone: 3, checkpointAt: 2 });
    // Killed here: no close, no pause checkpoint. Resume:
    const listener = recorder();
    const resumed = await TrainingSession.start({ kind: 'resume', runId }, listener, { device: async () => null, db });
    expect(resumed.started.update).toBe(2);
    expect(listener.statuses).toContainEqual({ kind: 'warning', message: 'Resumed from the checkpoint after update 2: the 1 update after it were not checkpointed and run again.' });
    expect(await getRun(db, runId)).toMatchObject({ updatesDone: 2, checkpointAt: 2 });
    expect((await listMetrics(db, runId)).map((m) => m.update)).toEqual([0, 1]);
    await resumed.close();
  });
});
