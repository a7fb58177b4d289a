// Chart smoothing: a debiased EMA keeps constants constant and lags a step by the expected amount.
import { describe, expect, it } from 'vitest';
import { smooth } from '../src/ui/charts/smoothing';

describe('smooth', () => {
  it('returns the raw values at weight 0', () => {
    expect(Array.from(smooth([1, 5, 2], 0))).toEqual([1, 5, 2]);
  });
  it('keeps a constant series constant (debiased from the first point)', () => {
    for (const y of smooth([3, 3, 3, 3], 0.9)) expect(y).toBeCloseTo(3, 12);
  });
  it('moves towards a step gradually', () => {
    const ys = smooth([0, 0, 0, 1, 1, 1], 0.5);
    expect(ys[3]).toBeGreaterThan(0);
    expect(ys[3]).toBeLessThan(1);
    expect(ys[5]).toBeGreaterThan(ys[4]);
  });
  it('passes NaN through without poisoning later points', () => {
    const ys = smooth([1, NaN, 1], 0.5);
    expect(Number.isNaN(ys[1])).toBe(true);
    expect(ys[2]).toBeCloseTo(1, 12);
  });
});
