// Stage detection on synthetic curves shaped like WebAgent-R1's: a fast rise, longer episodes, then a plateau.
import { describe, expect, it } from 'vitest';
import { detectStages, movingAverage } from '../src/rl/stages';

describe('detectStages', () => {
  it('finds acquisition, exploration and stabilisation in order', () => {
    const success: number[] = [];
    const turns: number[] = [];
    for (let i = 0; i < 300; i++) {
      success.push(i < 40 ? 0.05 : i < 100 ? 0.05 + (0.75 * (i - 40)) / 60 : 0.8);
      turns.push(i < 120 ? 3 : i < 180 ? 3 + (3 * (i - 120)) / 60 : 6);
    }
    const marks = detectStages(success, turns);
    expect(marks.map((m) => m.stage)).toEqual(['acquisition', 'exploration', 'stabilisation']);
    expect(marks[0].start).toBeGreaterThanOrEqual(40);
    expect(marks[0].start).toBeLessThan(70); // smoothing lags the true start a little
    expect(marks[1].start).toBeGreaterThanOrEqual(100);
    expect(marks[1].start).toBeLessThan(150);
    expect(marks[2].start).toBeGreaterThanOrEqual(180);
  });

  it('marks nothing on a flat, failing run', () => {
    expect(detectStages(new Array(100).fill(0), new Array(100).fill(4))).toEqual([]);
  });

  it('skips exploration when episodes never lengthen', () => {
    const success = Array.from({ length: 120 }, (_, i) => Math.min(0.95, i / 40));
    const marks = detectStages(success, new Array(120).fill(1));
    expect(marks.map((m) => m.stage)).toEqual(['acquisition', 'stabilisation']);
  });

  it('moving average is a trailing mean', () => {
    expect(movingAverage([2, 4, 6, 8], 2)).toEqual([2, 3, 5, 7]);
  });
});
