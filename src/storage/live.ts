// Which saved runs are live: the worker that trains a run holds a Web Lock named after it for as long as the run is
// open, and the browser releases it when that worker, tab or browser dies. A run stored as 'running' whose lock
// nobody holds was interrupted (a closed tab, a crash, a kill). Without the Locks API (Node) nothing is known.

const PREFIX = 'greenhouse-run:';

type Locks = LockManager | undefined;
const locksHere = (): Locks => (globalThis.navigator as Navigator | undefined)?.locks;

/**
 * Holds the run's lock until `release()` is called; null when another tab or worker holds it already. Where there
 * are no locks (Node) it holds nothing and always succeeds.
 */
export async function holdRunLock(runId: string, locks: Locks = locksHere()): Promise<{ release(): void } | null> {
  if (!locks) return { release() {} };
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const granted = await new Promise<boolean>((answer) => {
    void locks.request(PREFIX + runId, { ifAvailable: true }, (lock) => {
      answer(lock !== null);
      return lock ? held : undefined;
    });
  });
  return granted ? { release } : null;
}

/** The ids of the runs some worker holds open now, or null when this browser cannot tell. */
export async function liveRunIds(locks: Locks = locksHere()): Promise<Set<string> | null> {
  if (!locks) return null;
  const { held = [] } = await locks.query();
  return new Set(held.flatMap((l) => (l.name?.startsWith(PREFIX) ? [l.name.slice(PREFIX.length)] : [])));
}
