// Dedicated worker of threads-page.ts: the same fingerprints on 1 and 2 threads from inside a worker (the trainer's
// home), whose pool threads are nested workers.
import { fingerprint } from './threads-page';

(async () => {
  try {
    const runs = [];
    for (const threads of [1, 2]) runs.push({ threads, fingerprint: await fingerprint(threads) });
    self.postMessage({ runs });
  } catch (e) {
    self.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
})();
