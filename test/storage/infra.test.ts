// The storage layer's plumbing: which errors are quota errors, read-write transactions that abort on any failure,
// requests issued in a loop, run locks over a stand-in Locks API, opening the database, and the skills store's
// filters and blank names.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME, DB_VERSION, getDb, openGreenhouseDb } from '../../src/storage/db';
import { StorageFullError, isQuotaError } from '../../src/storage/errors';
import { holdRunLock, liveRunIds } from '../../src/storage/live';
import { getSkill, listSkills, renameSkill, saveSkills } from '../../src/storage/skills';
import { issueAll, writeTx } from '../../src/storage/tx';
import { skillRecord } from './fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('quota errors', () => {
  it("are the browsers' quota exceptions by name or legacy code 22, and nothing else", () => {
    expect(isQuotaError(new DOMException('q', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError({ code: 22 })).toBe(true);
    expect(isQuotaError({ code: 21, name: 'AbortError' })).toBe(false);
    expect(isQuotaError(new Error('QuotaExceededError'))).toBe(false);
    for (const notObject of [null, undefined, 'QuotaExceededError', 22]) expect(isQuotaError(notObject)).toBe(false);
  });

  it('become a StorageFullError that keeps the cause', () => {
    const cause = new DOMException('q', 'QuotaExceededError');
    const e = new StorageFullError(cause);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('StorageFullError');
    expect(e.message).toBe('storage full: the browser refused to save more data');
    expect(e.cause).toBe(cause);
  });
});

/** A stand-in transaction: done settles as told, abort is counted (and may throw, as after a commit). */
function fakeTx(done: Promise<void>, abortThrows = false) {
  const tx = {
    aborted: 0,
    done,
    abort() {
      tx.aborted++;
      if (abortThrows) throw new Error('InvalidStateError');
    },
  };
  return tx;
}

describe('writeTx', () => {
  it('returns the body once the transaction commits', async () => {
    let commit!: () => void;
    const tx = fakeTx(new Promise((r) => (commit = r)));
    let settled = false;
    const out = writeTx(tx, async () => 7).then((v) => ((settled = true), v));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    commit();
    expect(await out).toBe(7);
    expect(tx.aborted).toBe(0);
  });

  it('aborts on a failing body and passes the error on, even when abort itself throws', async () => {
    const tx = fakeTx(Promise.resolve());
    await expect(writeTx(tx, async () => Promise.reject(new Error('bad record')))).rejects.toThrow('bad record');
    expect(tx.aborted).toBe(1);
    const late = fakeTx(Promise.resolve(), true);
    await expect(writeTx(late, async () => Promise.reject(new Error('late')))).rejects.toThrow('late');
    expect(late.aborted).toBe(1);
  });

  it('maps a quota failure of the body or of the commit to StorageFullError', async () => {
    const quota = new DOMException('q', 'QuotaExceededError');
    const body = writeTx(fakeTx(Promise.resolve()), async () => Promise.reject(quota));
    await expect(body).rejects.toBeInstanceOf(StorageFullError);
    const tx = fakeTx(Promise.reject(quota));
    const commit = await writeTx(tx, async () => 1).catch((e: unknown) => e);
    expect(commit).toBeInstanceOf(StorageFullError);
    expect((commit as StorageFullError).cause).toBe(quota);
    expect(tx.aborted).toBe(1);
  });

  it("handles the transaction's rejection when the body fails first", async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const done = Promise.reject(new Error('aborted'));
      await expect(writeTx(fakeTx(done), async () => Promise.reject(new Error('body')))).rejects.toThrow('body');
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('issueAll', () => {
  it('issues every item in order and resolves with all results', async () => {
    const order: number[] = [];
    expect(await issueAll([1, 2, 3], async (x) => (order.push(x), x * 10))).toEqual([10, 20, 30]);
    expect(order).toEqual([1, 2, 3]);
    expect(await issueAll([], async () => 1)).toEqual([]);
  });

  it('marks the requests already issued as handled when one cannot be issued, and rethrows', () => {
    const handled = [vi.fn(), vi.fn()];
    const requests = handled.map((c) => ({ then: vi.fn(), catch: c }) as unknown as Promise<unknown>);
    let n = 0;
    expect(() =>
      issueAll([0, 1, 2], (i) => {
        if (i === 2) throw new Error('no key');
        return requests[n++];
      }),
    ).toThrow('no key');
    for (const c of handled) expect(c).toHaveBeenCalledTimes(1);
  });
});

/** A stand-in LockManager: grants a name once until released; lists what is held. */
function fakeLocks() {
  const held = new Map<string, Promise<unknown>>();
  const requests: { name: string; options: LockOptions }[] = [];
  const locks = {
    requests,
    async request(name: string, options: LockOptions, callback: (lock: Lock | null) => unknown) {
      requests.push({ name, options });
      if (held.has(name)) return callback(null);
      const hold = Promise.resolve(callback({ name, mode: 'exclusive' } as Lock));
      held.set(name, hold);
      await hold;
      held.delete(name);
    },
    async query() {
      return { held: [...held.keys()].map((name) => ({ name })).concat([{ name: 'other-app' }, {} as { name: string }]) };
    },
  };
  return locks;
}

describe('run locks', () => {
  it('hold a run by its prefixed name until released; a second holder is refused', async () => {
    const locks = fakeLocks();
    const lm = locks as unknown as LockManager;
    const first = await holdRunLock('r1', lm);
    expect(first).not.toBeNull();
    expect(locks.requests[0]).toEqual({ name: 'greenhouse-run:r1', options: { ifAvailable: true } });
    expect(await holdRunLock('r1', lm)).toBeNull();
    expect(await liveRunIds(lm)).toEqual(new Set(['r1']));
    first!.release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await liveRunIds(lm)).toEqual(new Set());
    expect(await holdRunLock('r1', lm)).not.toBeNull();
  });

  it('know nothing without the Locks API: every hold succeeds and no live set is given', async () => {
    vi.stubGlobal('navigator', undefined);
    const hold = await holdRunLock('r1');
    expect(hold).not.toBeNull();
    expect(() => hold!.release()).not.toThrow();
    expect(await liveRunIds()).toBeNull();
  });

  it('read an empty query as no live runs', async () => {
    const lm = { query: async () => ({}) } as unknown as LockManager;
    expect(await liveRunIds(lm)).toEqual(new Set());
  });
});

describe('opening the database', () => {
  it('creates every store and index at the current version, under the default name', async () => {
    const db = await openGreenhouseDb({ factory: new IDBFactory() });
    expect([db.name, db.version]).toEqual([DB_NAME, DB_VERSION]);
    expect(DB_NAME).toBe('greenhouse');
    expect([...db.objectStoreNames].sort()).toEqual(['checkpoints', 'metrics', 'runs', 'skills', 'trajectories']);
    const tx = db.transaction(['skills', 'runs', 'metrics']);
    expect([...tx.objectStore('skills').indexNames].sort()).toEqual(['agent', 'family']);
    expect([...tx.objectStore('runs').indexNames]).toEqual(['updatedAt']);
    expect(tx.objectStore('skills').keyPath).toBe('id');
    expect(tx.objectStore('metrics').keyPath).toEqual(['runId', 'update']);
    db.close();
  });

  it('opens a named database and closes when another tab upgrades it', async () => {
    const factory = new IDBFactory();
    const db = await openGreenhouseDb({ factory, name: 'other' });
    expect(db.name).toBe('other');
    const upgraded = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open('other', DB_VERSION + 1);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    expect(upgraded.version).toBe(DB_VERSION + 1);
    upgraded.close();
    expect(() => db.transaction('runs')).toThrow();
  });

  it('names a page without IndexedDB, and the shared connection retries after a failure', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await expect(openGreenhouseDb()).rejects.toThrow('IndexedDB is not available here');
    await expect(getDb()).rejects.toThrow('IndexedDB is not available here');
    vi.stubGlobal('indexedDB', new IDBFactory());
    const db = await getDb();
    expect(await getDb()).toBe(db);
    expect(getDb()).toBe(getDb());
    db.close();
  });
});

describe('skills store', () => {
  it('lists by family and agent together, gets one skill, and refuses blank names', async () => {
    const db = await openGreenhouseDb({ factory: new IDBFactory() });
    await saveSkills(db, [skillRecord('a', { agent: 'x' }), skillRecord('b', { agent: 'y' }), skillRecord('c', { family: 'other', agent: 'x' })]);
    expect((await listSkills(db, { family: 'click-tab', agent: 'x' })).map((s) => s.id)).toEqual(['a']);
    expect((await listSkills(db, { family: 'other' })).map((s) => s.id)).toEqual(['c']);
    expect((await listSkills(db, { agent: 'y' })).map((s) => s.id)).toEqual(['b']);
    expect((await listSkills(db)).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect((await getSkill(db, 'b'))?.agent).toBe('y');
    expect(await getSkill(db, 'zz')).toBeUndefined();
    for (const blank of ['', '   ', '\t\n']) await expect(renameSkill(db, 'a', blank)).rejects.toThrow('a skill name cannot be empty');
    expect((await getSkill(db, 'a'))?.name).toBe('skill a');
    db.close();
  });
});
