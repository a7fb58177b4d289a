// A dedicated worker that reports the seeded PRNG's first numbers, to compare engines and threads.
import { Rng } from '../../src/core/rng';

const take = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.nextU32());
self.postMessage({ seed42: take(Rng.fromSeed(42), 5), seed42env3: take(Rng.fromSeed(42).split('env').split(3), 5) });
