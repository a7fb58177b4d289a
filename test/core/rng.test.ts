// The seeded PRNG: reproducible streams, independent splits, exact state save/restore, sane distribution.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { RNG_GOLDEN } from '../support/rng-golden';

const take = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.nextU32());

describe('Rng', () => {
  it('gives the stored numbers for a seed (the same list is checked in a page and a worker)', () => {
    expect(take(Rng.fromSeed(42), 5)).toEqual(RNG_GOLDEN.seed42);
    expect(take(Rng.fromSeed(42).split('env').split(3), 5)).toEqual(RNG_GOLDEN.seed42env3);
  });

  it('splitting does not consume the parent stream', () => {
    const a = Rng.fromSeed(7);
    const b = Rng.fromSeed(7);
    a.split('x').nextU32();
    expect(take(a, 10)).toEqual(take(b, 10));
  });

  it('named children differ from each other and from the parent', () => {
    const root = Rng.fromSeed(7);
    const x = take(root.split('x'), 4);
    const y = take(root.split('y'), 4);
    expect(x).not.toEqual(y);
    expect(x).not.toEqual(take(Rng.fromSeed(7), 4));
  });

  it('restores a saved state exactly', () => {
    const rng = Rng.fromSeed(3);
    take(rng, 17);
    const state = rng.getState();
    const ahead = take(rng, 8);
    rng.setState(state);
    expect(take(rng, 8)).toEqual(ahead);
  });

  it('int(n) is uniform enough and in range', () => {
    const rng = Rng.fromSeed(11);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60000; i++) counts[rng.int(6)]++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(400);
    expect(() => rng.int(0)).toThrow(/bad bound/);
  });

  it('normal() has mean 0 and variance 1', () => {
    const rng = Rng.fromSeed(5);
    const xs = Array.from({ length: 20000 }, () => rng.normal());
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });
});
