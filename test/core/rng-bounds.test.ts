// The PRNG's helpers at their bounds: int's accepted range and its rejection sampling, range, pick, shuffle and
// chance, each checked against the raw u32 stream of a twin generator (same key), so every draw is accounted for.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';

const TWO_32 = 4294967296;

/** int(n) done by hand: draws until a u32 falls below the largest multiple of n, then takes it mod n. */
function intByHand(twin: Rng, n: number): { value: number; rejected: number } {
  const limit = TWO_32 - (TWO_32 % n);
  let rejected = 0;
  let x = twin.nextU32();
  while (x >= limit) {
    rejected++;
    x = twin.nextU32();
  }
  return { value: x % n, rejected };
}

describe('Rng.int', () => {
  it('takes every integer bound in [1, 2^32] and refuses the rest by name', () => {
    const rng = Rng.fromSeed(1);
    const twin = Rng.fromSeed(1);
    expect(rng.int(1)).toBe(0);
    twin.nextU32();
    // At 2^32 every u32 is below the limit: int returns the raw draw.
    expect(rng.int(TWO_32)).toBe(twin.nextU32());
    for (const bad of [0, -1, TWO_32 + 1, 2 ** 40, 1.5, Number.NaN, Infinity]) {
      expect(() => rng.int(bad)).toThrow(`Rng.int: bad bound ${bad}`);
    }
  });

  it('rejects draws at or above the largest multiple of n, so each value is exactly as likely', () => {
    // n = 2^31 + 1: the limit is 2^31 + 1 itself, so about half of all draws are redrawn.
    const n = 2 ** 31 + 1;
    const rng = Rng.fromSeed(9);
    const twin = Rng.fromSeed(9);
    let rejected = 0;
    for (let i = 0; i < 40; i++) {
      const byHand = intByHand(twin, n);
      rejected += byHand.rejected;
      expect(rng.int(n)).toBe(byHand.value);
    }
    expect(rejected).toBeGreaterThan(5);
    expect(rng.getState()).toEqual(twin.getState());
  });

  it('redraws a u32 equal to the limit, and keeps one just below it', () => {
    // n = 3 * 2^30: limit = 3 * 2^30; draw the state that makes the next u32 exactly the limit.
    const n = 3 * 2 ** 30;
    const rng = new Rng('x');
    rng.setState([n, 0, 0, 0]); // t = a + b + d = n
    const twin = new Rng('x');
    twin.setState([n, 0, 0, 0]);
    expect(twin.nextU32()).toBe(n);
    expect(rng.int(n)).toBe(twin.nextU32() % n);
    const below = new Rng('y');
    below.setState([n - 1, 0, 0, 0]);
    expect(below.int(n)).toBe(n - 1);
  });
});

describe('Rng helpers', () => {
  it('range(lo, hi) is lo + int(hi - lo + 1), both ends included', () => {
    const rng = Rng.fromSeed(4);
    const twin = Rng.fromSeed(4);
    for (let i = 0; i < 20; i++) expect(rng.range(-3, 3)).toBe(-3 + twin.int(7));
    expect(rng.range(5, 5)).toBe(5);
    const seen = new Set(Array.from({ length: 200 }, () => rng.range(2, 4)));
    expect([...seen].sort()).toEqual([2, 3, 4]);
  });

  it('pick takes items[int(length)] and names an empty array', () => {
    const rng = Rng.fromSeed(6);
    const twin = Rng.fromSeed(6);
    const items = ['a', 'b', 'c', 'd', 'e'];
    for (let i = 0; i < 20; i++) expect(rng.pick(items)).toBe(items[twin.int(items.length)]);
    expect(() => rng.pick([])).toThrow('Rng.pick: empty array');
    expect(rng.pick(['only'])).toBe('only');
  });

  it('shuffle is Fisher-Yates from the last slot down, one draw per slot above 0, leaving the input alone', () => {
    const rng = Rng.fromSeed(8);
    const twin = Rng.fromSeed(8);
    const items = [10, 11, 12, 13, 14, 15];
    const expected = items.slice();
    for (let i = expected.length - 1; i > 0; i--) {
      const j = twin.int(i + 1);
      [expected[i], expected[j]] = [expected[j], expected[i]];
    }
    expect(rng.shuffle(items)).toEqual(expected);
    expect(items).toEqual([10, 11, 12, 13, 14, 15]);
    expect(rng.getState()).toEqual(twin.getState());
    expect(rng.shuffle([])).toEqual([]);
    expect(rng.shuffle([7])).toEqual([7]);
    expect(rng.getState()).toEqual(twin.getState());
  });

  it('shuffle reaches every order of three items about equally often', () => {
    const rng = Rng.fromSeed(12);
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const key = rng.shuffle(['a', 'b', 'c']).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const c of counts.values()) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });

  it('chance(p) is next() < p: never at p = 0, even on a draw of exactly 0; always at p = 1', () => {
    const zero = new Rng('z');
    zero.setState([0, 0, 0, 0]); // the next u32 is 0, so next() is 0
    expect(zero.chance(0)).toBe(false);
    const rng = Rng.fromSeed(2);
    const twin = Rng.fromSeed(2);
    for (let i = 0; i < 50; i++) expect(rng.chance(0.3)).toBe(twin.next() < 0.3);
    for (let i = 0; i < 50; i++) expect(rng.chance(1)).toBe(true);
  });

  it('fromSeed reads the seed as a u32, so -1 and 2^32 - 1 are one stream', () => {
    expect(Rng.fromSeed(-1).key).toBe('seed=4294967295');
    expect(Rng.fromSeed(-1).nextU32()).toBe(Rng.fromSeed(TWO_32 - 1).nextU32());
  });
});
