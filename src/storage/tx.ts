// Read-write transactions that keep all or nothing, with quota failures mapped to StorageFullError.

import { StorageFullError, isQuotaError } from './errors';

/**
 * Runs the body of a read-write transaction and waits for it to commit. Any failure (a thrown error, a
 * rejected request) aborts the transaction so none of it is kept; a quota failure comes back as StorageFullError.
 */
export async function writeTx<T>(tx: { abort(): void; done: Promise<void> }, body: () => Promise<T>): Promise<T> {
  try {
    const out = await body();
    await tx.done;
    return out;
  } catch (e) {
    tx.done.catch(() => undefined);
    try {
      tx.abort();
    } catch {
      // already committed or aborted
    }
    if (isQuotaError(e)) throw new StorageFullError(e);
    throw e;
  }
}

/**
 * Issues one request per item inside a transaction. If issuing one throws at once (a record with no key),
 * the requests already issued are marked handled (the abort rejects them) and the error is rethrown.
 */
export function issueAll<T>(items: readonly T[], issue: (item: T) => Promise<unknown>): Promise<unknown[]> {
  const issued: Promise<unknown>[] = [];
  try {
    for (const item of items) issued.push(issue(item));
  } catch (e) {
    for (const p of issued) p.catch(() => undefined);
    throw e;
  }
  return Promise.all(issued);
}
