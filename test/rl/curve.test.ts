// The learning curve (src/rl/curve.ts): a tiny run on a counting clock (each reading one second later), so every
// time it records is exact; when it evaluates and stops; and the readings of a finished curve.
import { describe, expect, it } from 'vitest';
import { firstReaching, successAt, trainCurve, type Curve, type EvalPoint } from '../../src/rl/curve';
import { tinyConfig } from './helpers';

/** A clock that reads 100, 101, 102, ... seconds (times are read from its first reading). */
function counting(): () => number {
  let t = 100;
  return () => t++;
}

const point = (update: number, seconds: number, success: number): EvalPoint => ({
  update,
  seconds,
  wall: seconds,
  metrics: { 'eval/success': success, 'eval/return': 0, 'perf/eval_ms': 0 },
});

describe('reading a curve', () => {
  const curve = { evals: [point(0, 2, 0.25), point(5, 10, 0.5), point(10, 20, 0.75)] } as Curve;

  it('finds the first evaluation reaching a success, at or above', () => {
    expect(firstReaching(curve, 0.5)?.update).toBe(5);
    expect(firstReaching(curve, 0.6)?.update).toBe(10);
    expect(firstReaching(curve, 0.25)?.update).toBe(0);
    expect(firstReaching(curve, 0.8)).toBeNull();
  });

  it('reads the success of the last evaluation at or before a time, or the first one before any', () => {
    expect(successAt(curve, 10)).toBe(0.5);
    expect(successAt(curve, 19.9)).toBe(0.5);
    expect(successAt(curve, 100)).toBe(0.75);
    expect(successAt(curve, 0)).toBe(0.25);
  });
});

describe('trainCurve', () => {
  it('evaluates after BC, every evalEvery updates and after the last, with evaluation time left out', async () => {
    const c = await trainCurve(tinyConfig({ updates: 3, evalEvery: 2, evalTasks: 2 }), { seconds: 1e9, clock: counting(), sampled: false });
    expect(c.evals.map((p) => p.update)).toEqual([0, 2, 3]);
    expect(c.success).toHaveLength(3);
    expect(c.turns).toHaveLength(3);
    expect(c.fracZeroStd).toHaveLength(3);
    expect(c.turns.every((t) => t >= 1)).toBe(true);
    // Clock readings: 0 start, 1 after setup (bcSeconds 1); an evaluation reads its point, then twice around itself
    // (one second left out); each loop check reads once until the updates are done. So: eval at 2 (2 - 0); checks
    // at 5, 6 (update 1, 2); eval at 7 (7 - 1 = 6); check at 10 (update 3); the last eval at 11 (11 - 2 = 9).
    expect(c.bcSeconds).toBe(1);
    expect(c.evals.map((p) => p.seconds)).toEqual([2, 6, 9]);
    expect(c.seconds).toBe(9);
    expect(c.evals.every((p) => p.metrics['eval/success_sampled'] === undefined)).toBe(true);
    expect(c.note).not.toBe('');
    // Wall seconds of a run this small (not a timing: a unit check, seconds and not milliseconds).
    expect(c.evals.every((p) => p.wall >= 0 && p.wall < 600)).toBe(true);
  });

  it('stops at the time budget or once an evaluation reaches stopAt', async () => {
    // Checks read 4 and 5 seconds of training (both under 6: updates 1 and 2), then 6: stop, and evaluate at the end.
    const timed = await trainCurve(tinyConfig({ updates: 50, evalEvery: 0, evalTasks: 2 }), { seconds: 6, clock: counting() });
    expect(timed.success).toHaveLength(2);
    expect(timed.evals.map((p) => p.update)).toEqual([0, 2]);
    expect('eval/success_sampled' in timed.evals[0].metrics).toBe(true);
    const reached = await trainCurve(tinyConfig({ updates: 50, evalEvery: 1, evalTasks: 2 }), { seconds: 1e9, stopAt: 0, clock: counting() });
    expect(reached.evals.map((p) => p.update)).toEqual([0]);
    expect(reached.success).toEqual([]);
    // A success of exactly stopAt reaches it; one that cannot be reached trains every update.
    const s0 = reached.evals[0].metrics['eval/success'];
    const exact = await trainCurve(tinyConfig({ updates: 2, evalEvery: 1, evalTasks: 2 }), { seconds: 1e9, stopAt: s0, clock: counting() });
    expect(exact.evals.map((p) => p.update)).toEqual([0]);
    const never = await trainCurve(tinyConfig({ updates: 2, evalEvery: 1, evalTasks: 2 }), { seconds: 1e9, stopAt: 2, clock: counting() });
    expect(never.evals.map((p) => p.update)).toEqual([0, 1, 2]);
  });
});
