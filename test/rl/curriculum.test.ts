// The curriculum (src/rl/curriculum.ts) step by step: where it starts, when the window is full, each bound at its
// edge, the top it stops at, and a snapshot that restores it.
import { describe, expect, it } from 'vitest';
import { Curriculum } from '../../src/rl/curriculum';

const on = { curriculum: true, difficulty: 2, curriculumWindow: 3, curriculumUp: 0.75, curriculumDown: 0.25 };

/** The level after each recorded success. */
function levels(c: Curriculum, successes: number[]): number[] {
  return successes.map((s) => {
    c.record(s);
    return c.level;
  });
}

describe('Curriculum', () => {
  it('off: plays at the difficulty, capped at the env top, and never moves', () => {
    const c = new Curriculum({ ...on, curriculum: false }, 5);
    expect(c.level).toBe(2);
    expect(levels(c, [1, 1, 1, 1])).toEqual([2, 2, 2, 2]);
    expect(c.snapshot()).toEqual({ level: 2, recent: [] });
    expect(new Curriculum({ ...on, curriculum: false, difficulty: 4 }, 3).level).toBe(3);
  });

  it('climbs once the mean of a full window reaches curriculumUp, then starts the window afresh', () => {
    const c = new Curriculum(on, 5);
    expect(c.level).toBe(0);
    // 1 and 1: window not full yet; 0.25: mean 0.75 reaches 0.75.
    expect(levels(c, [1, 1, 0.25])).toEqual([0, 0, 1]);
    expect(c.snapshot()).toEqual({ level: 1, recent: [] });
    // The window holds the last three only: 0 then three 1s (mean 1 only once 0 has left).
    expect(levels(c, [0, 1, 1])).toEqual([1, 1, 1]);
    expect(c.snapshot()).toEqual({ level: 1, recent: [0, 1, 1] });
    expect(levels(c, [1])).toEqual([2]);
  });

  it('stops at the difficulty or the env top, whichever is lower', () => {
    const c = new Curriculum(on, 5);
    expect(levels(c, [1, 1, 1, 1, 1, 1, 1, 1, 1])).toEqual([0, 0, 1, 1, 1, 2, 2, 2, 2]);
    const low = new Curriculum({ ...on, difficulty: 4 }, 1);
    expect(levels(low, [1, 1, 1, 1, 1, 1])).toEqual([0, 0, 1, 1, 1, 1]);
  });

  it('steps down once the mean falls to curriculumDown, never below 0; between the bounds it stays', () => {
    const c = new Curriculum(on, 5, { level: 2, recent: [] });
    // mean 0.25 (0.5, 0.25, 0): down; then 0.5, 0.5, 0.5: stays, and the window slides on: 0.5, 0.5, 0 (mean 1/3)
    // stays, 0.5, 0, 0 (mean 1/6) goes down to 0.
    expect(levels(c, [0.5, 0.25, 0])).toEqual([2, 2, 1]);
    expect(levels(c, [0.5, 0.5, 0.5])).toEqual([1, 1, 1]);
    expect(levels(c, [0, 0])).toEqual([1, 0]);
    expect(levels(c, [0, 0, 0, 0])).toEqual([0, 0, 0, 0]);
    expect(c.snapshot()).toEqual({ level: 0, recent: [0, 0, 0] });
  });

  it('restores from a snapshot, which is a copy', () => {
    const state = { level: 1, recent: [1, 1] };
    const c = new Curriculum(on, 5, state);
    state.recent.push(0);
    expect(c.snapshot()).toEqual({ level: 1, recent: [1, 1] });
    const snap = c.snapshot();
    snap.recent.push(0);
    expect(levels(c, [0.4])).toEqual([2]);
  });
});
