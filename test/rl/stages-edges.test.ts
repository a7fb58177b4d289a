// Stage detection (src/rl/stages.ts) on short step curves worked out by hand: window 5 (n < 100), slopes over five
// updates, exact stage starts, and each threshold at its edge.
import { describe, expect, it } from 'vitest';
import { detectStages, movingAverage, type StageThresholds } from '../../src/rl/stages';

/** n values: `before` until index `at`, `after` from there. */
const step = (n: number, at: number, before: number, after: number) => Array.from({ length: n }, (_, i) => (i < at ? before : after));
const flat = (n: number, x: number) => new Array<number>(n).fill(x);

describe('movingAverage', () => {
  it('averages the points so far until the window is full, then the last `window`', () => {
    expect(movingAverage([3, 6, 9, 12, 0], 3)).toEqual([3, 4.5, 6, 9, 7]);
    expect(movingAverage([], 4)).toEqual([]);
  });
});

describe('detectStages on steps', () => {
  it('starts acquisition where the smoothed rise begins and stabilisation once both curves are flat', () => {
    // success 0 then 1 from update 5: smoothed 0 ... 0, 0.2, 0.4, ..., 1; slope over 5 updates 0.04 at 5, up to 0.2
    // at 9, down to 0.04 at 13, 0 from 14. Acquisition holds 5..13 (start 5); stabilisation from 14.
    expect(detectStages(step(20, 5, 0, 1), flat(20, 1))).toEqual([
      { stage: 'acquisition', start: 5 },
      { stage: 'stabilisation', start: 14 },
    ]);
  });

  it('starts exploration where episodes lengthen while success stays flat', () => {
    // length 2 then 4 from 5: smoothed 2.4 at 5, slope 0.08 > 0.005 x 2.4; it holds to 13 (0.08 > 0.02).
    expect(detectStages(flat(20, 0), step(20, 5, 2, 4))).toEqual([{ stage: 'exploration', start: 5 }]);
  });

  it('reads episode growth relative to the length: 100 -> 101 is flat', () => {
    // slopes up to 0.2 per update, under 0.005 x 101: no exploration; with a hold of 12 stabilisation needs
    // updates 0-11 flat, which they are only relative to the length.
    expect(detectStages(flat(20, 0), step(20, 5, 100, 101))).toEqual([]);
    expect(detectStages(flat(20, 1), step(20, 5, 100, 101), { successSlope: 0.01, lengthSlope: 0.005, hold: 12 })).toEqual([
      { stage: 'stabilisation', start: 0 },
    ]);
  });

  it('counts a slope equal to a threshold as flat, and success of exactly 0.5 as high (0.25 is not)', () => {
    const zero: StageThresholds = { successSlope: 0, lengthSlope: 0, hold: 3 };
    expect(detectStages(flat(20, 0.5), flat(20, 3), zero)).toEqual([{ stage: 'stabilisation', start: 0 }]);
    expect(detectStages(flat(20, 0.25), flat(20, 3), zero)).toEqual([]);
    // Exploration too counts a success slope equal to its threshold as flat.
    expect(detectStages(flat(20, 0), step(20, 5, 2, 4), { ...zero, lengthSlope: 0.005 })).toEqual([{ stage: 'exploration', start: 5 }]);
  });

  it('never goes back: a stage after acquisition starts after it, even with a hold of one', () => {
    // Length rises from 5 (exploration would hold at 5), success from 6 (acquisition at 6): exploration is not
    // looked for before 7, and by the time success is flat (15) so is length.
    const one: StageThresholds = { successSlope: 0.01, lengthSlope: 0.005, hold: 1 };
    expect(detectStages(step(20, 6, 0, 1), step(20, 5, 2, 4), one)).toEqual([
      { stage: 'acquisition', start: 6 },
      { stage: 'stabilisation', start: 15 },
    ]);
  });

  it('reads only the updates both curves have', () => {
    // Success rises after update 10, but length stops there: nothing to see.
    expect(detectStages(step(20, 12, 0, 1), flat(10, 1))).toEqual([]);
  });

  it('smooths over a twentieth of a long run (window 10 for 200 updates)', () => {
    // success 0 then 1 from 100: with window 10 the slope is 0.01 (not above the threshold) at 100, 0.02 at 101;
    // smoothed success is 0.5 at 104 and its slope (1 - 0.9) / 10 falls to 0.01 (just under, in floats) at 118.
    const marks = detectStages(step(200, 100, 0, 1), flat(200, 1));
    expect(marks).toEqual([
      { stage: 'acquisition', start: 101 },
      { stage: 'stabilisation', start: 118 },
    ]);
  });
});
