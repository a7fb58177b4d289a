// The skill library in the real IndexedDB of headless Chromium: it survives closing and reopening the
// database (a reload at the storage level), and a corrupt import is rejected with the library unchanged.

import { afterAll, describe, expect, it } from 'vitest';
import { openGreenhouseDb } from '../../src/storage/db';
import { appendMetrics, createRun, deleteRun, latestCheckpoint, listMetrics, putCheckpoint } from '../../src/storage/runs';
import { listSkills, renameSkill, saveSkills } from '../../src/storage/skills';
import { exportStoredLibrary, importLibraryFile } from '../../src/skills/persist';
import { skillId } from '../../src/skills/library';
import { skillRecord } from './fixtures';

const NAME = `greenhouse-test-${Date.now()}`;
const skill = (id: string, family = 'click-tab') => {
  const s = skillRecord(id, { family });
  return { ...s, id: skillId(s.family, s.steps) };
};

afterAll(async () => {
  await new Promise((resolve) => {
    const r = indexedDB.deleteDatabase(NAME);
    r.onsuccess = r.onerror = r.onblocked = resolve;
  });
});

describe('skill library in IndexedDB (Chromium)', () => {
  it('survives closing and reopening the database', async () => {
    let db = await openGreenhouseDb({ name: NAME });
    await saveSkills(db, [skill('Books'), skill('News'), skill('up', 'grid-world')]);
    await renameSkill(db, skill('News').id, 'read the news');
    db.close();

    db = await openGreenhouseDb({ name: NAME });
    const all = await listSkills(db);
    expect(all).toHaveLength(3);
    expect(all.find((s) => s.id === skill('News').id)?.name).toBe('read the news');
    expect((await listSkills(db, { family: 'grid-world' })).map((s) => s.id)).toEqual([skill('up', 'grid-world').id]);
    db.close();
  });

  it('rejects a corrupt import with a message and leaves the library unchanged', async () => {
    const db = await openGreenhouseDb({ name: NAME });
    const stored = await listSkills(db);
    const before = await exportStoredLibrary(db);
    const file = JSON.parse(before);
    file.skills[0].steps = [];
    const bad = await importLibraryFile(db, JSON.stringify(file), 'replace');
    expect(bad).toEqual({ ok: false, error: 'not a valid skill library: skills.0.steps must have at least one step' });
    expect((await importLibraryFile(db, before.slice(0, 100), 'merge')).ok).toBe(false);
    expect(await listSkills(db)).toEqual(stored);

    const good = await importLibraryFile(db, JSON.stringify({ ...JSON.parse(before), skills: [skill('Games')] }), 'merge');
    expect(good).toEqual({ ok: true, imported: 1, library: 4 });
    db.close();
  });

  it('keeps runs with typed-array checkpoints and deletes them with their children', async () => {
    const db = await openGreenhouseDb({ name: NAME });
    await createRun(db, { id: 'r1', name: 'run', config: { env: 'click-tab' } });
    await appendMetrics(db, 'r1', 0, { 'reward/mean': 0.5 });
    await putCheckpoint(db, 'r1', 0, { params: new Float32Array([1, 2, 3]) }, 12);
    db.close();
    const again = await openGreenhouseDb({ name: NAME });
    expect((await latestCheckpoint(again, 'r1'))?.data).toEqual({ params: new Float32Array([1, 2, 3]) });
    await deleteRun(again, 'r1');
    expect(await listMetrics(again, 'r1')).toEqual([]);
    again.close();
  });
});
