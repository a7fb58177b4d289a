// The seeded PRNG gives Node's stored numbers in a Chromium page and in a dedicated worker.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { RNG_GOLDEN } from '../support/rng-golden';

const take = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.nextU32());

describe('Rng in the browser', () => {
  it('matches Node in a page', () => {
    expect(take(Rng.fromSeed(42), 5)).toEqual(RNG_GOLDEN.seed42);
    expect(take(Rng.fromSeed(42).split('env').split(3), 5)).toEqual(RNG_GOLDEN.seed42env3);
  });

  it('matches Node in a dedicated worker', async () => {
    const worker = new Worker(new URL('./rng-worker.ts', import.meta.url), { type: 'module' });
    const got = await new Promise((resolve, reject) => {
      worker.onmessage = (e) => resolve(e.data);
      worker.onerror = (e) => reject(new Error(e.message));
    });
    worker.terminate();
    expect(got).toEqual(RNG_GOLDEN);
  });
});
