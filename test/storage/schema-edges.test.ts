// The schema's one runtime value (issue 21's mutation pass): RUN_CHILD_STORES names exactly the stores the opened
// database keys by [runId, update], the ones deleteRun clears with their run.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openGreenhouseDb } from '../../src/storage/db';
import { RUN_CHILD_STORES } from '../../src/storage/schema';

describe('RUN_CHILD_STORES', () => {
  it('metrics, checkpoints and trajectories, by hand', () => {
    expect(RUN_CHILD_STORES).toEqual(['metrics', 'checkpoints', 'trajectories']);
  });

  it('every store keyed by [runId, update] and no other', async () => {
    const db = await openGreenhouseDb({ factory: new IDBFactory() });
    const names = [...db.objectStoreNames];
    const tx = db.transaction(names as (typeof names)[number][]);
    const keyed = names.filter((n) => JSON.stringify(tx.objectStore(n).keyPath) === '["runId","update"]');
    expect([...keyed].sort()).toEqual([...RUN_CHILD_STORES].sort());
    expect(names.length).toBe(5);
    db.close();
  });
});
