// Advantages with masked episodes in every mode, by hand: a group with one valid episode (RLOO's k = 1, where the
// leave-one-out mean divides by zero), a masked first slot right after such a group (nothing may leak across groups),
// batch std over valid episodes only, groups of two; and the episode reward of every reward and truncation mode.
import { describe, expect, it } from 'vitest';
import { ADV_EPS, computeAdvantages, episodeReward, sampleStd, type AdvMode } from '../../src/rl/advantages';

// Three groups of G = 4, with the masked rewards far off so that counting one shows:
//  A: [1, 3, 5 | 100 masked]        valid mean 3, sample std 2
//  B: [7 | 9, 9, 9 masked]          one valid episode: no signal, every advantage 0
//  C: [50 masked | 2, 4, 6]         valid mean 4, sample std 2; its masked first slot follows B
const REWARDS = [1, 3, 5, 100, 7, 9, 9, 9, 50, 2, 4, 6];
const VALID = [true, true, true, false, true, false, false, false, false, true, true, true];
// Batch std over the 7 valid rewards [1, 3, 5, 7, 2, 4, 6]: mean 4, squares 9+1+1+9+4+0+4 = 28, /6.
const BATCH_STD = Math.sqrt(28 / 6);

const EXPECTED: Record<AdvMode, number[]> = {
  none: [-2, 0, 2, 0, 0, 0, 0, 0, 0, -2, 0, 2],
  group: [-2 / (2 + ADV_EPS), 0, 2 / (2 + ADV_EPS), 0, 0, 0, 0, 0, 0, -2 / (2 + ADV_EPS), 0, 2 / (2 + ADV_EPS)],
  batch: [-2 / (BATCH_STD + ADV_EPS), 0, 2 / (BATCH_STD + ADV_EPS), 0, 0, 0, 0, 0, 0, -2 / (BATCH_STD + ADV_EPS), 0, 2 / (BATCH_STD + ADV_EPS)],
  // r - (sum of the others) / (k - 1): A: 1 - (3+5)/2 = -3, 3 - (1+5)/2 = 0, 5 - (1+3)/2 = 3.
  rloo: [-3, 0, 3, 0, 0, 0, 0, 0, 0, -3, 0, 3],
  // step-bonus's episode level is GRPO's (the learner adds each turn's bonus)
  'step-bonus': [-2 / (2 + ADV_EPS), 0, 2 / (2 + ADV_EPS), 0, 0, 0, 0, 0, 0, -2 / (2 + ADV_EPS), 0, 2 / (2 + ADV_EPS)],
  // and turn-gain's (the learner adds each turn's change in progress)
  'turn-gain': [-2 / (2 + ADV_EPS), 0, 2 / (2 + ADV_EPS), 0, 0, 0, 0, 0, 0, -2 / (2 + ADV_EPS), 0, 2 / (2 + ADV_EPS)],
};

describe('advantages with masked episodes', () => {
  for (const mode of Object.keys(EXPECTED) as AdvMode[]) {
    it(`${mode}: masked episodes get 0, a one-episode group gets 0 (never NaN), nothing leaks across groups`, () => {
      const { advantages, fracZeroStd } = computeAdvantages(REWARDS, 4, mode, VALID);
      expect(Array.from(advantages).every(Number.isFinite)).toBe(true);
      EXPECTED[mode].forEach((want, i) => expect(advantages[i], `${mode} episode ${i}`).toBeCloseTo(want, 12));
      expect(fracZeroStd).toBeCloseTo(1 / 3, 12);
    });
  }

  it('rloo: one valid episode in a group scores 0 whatever its reward, in the first or the last slot', () => {
    const first = computeAdvantages([1, 0, 0, 0], 4, 'rloo', [true, false, false, false]);
    expect(Array.from(first.advantages)).toEqual([0, 0, 0, 0]);
    const last = computeAdvantages([0, 0, 0, 1], 4, 'rloo', [false, false, false, true]);
    expect(Array.from(last.advantages)).toEqual([0, 0, 0, 0]);
    expect(last.fracZeroStd).toBe(1);
  });

  it('leaves a group with no valid episode at 0 and counts it as no signal', () => {
    for (const mode of Object.keys(EXPECTED) as AdvMode[]) {
      const r = computeAdvantages([1, 0, 1, 0], 2, mode, [true, true, false, false]);
      expect(Array.from(r.advantages.subarray(2))).toEqual([0, 0]);
      expect(r.fracZeroStd).toBe(0.5);
    }
  });

  it('keeps a group B+1 first slot at 0 when that group has too few valid episodes', () => {
    // Group 0 is a full group; group 1's only valid episode is its first: it must not take group 0's statistics.
    for (const mode of Object.keys(EXPECTED) as AdvMode[]) {
      const r = computeAdvantages([1, 3, 8, 0], 2, mode, [true, true, true, false]);
      expect(r.advantages[2], mode).toBe(0);
    }
  });
});

describe('advantages of small groups', () => {
  it('a group of two with different rewards carries signal; with equal rewards none', () => {
    const two = computeAdvantages([0, 1, 1, 1], 2, 'group');
    const d = Math.sqrt(0.5) + ADV_EPS; // [0, 1]: mean 0.5, sample std sqrt(0.5)
    expect(two.advantages[0]).toBeCloseTo(-0.5 / d, 12);
    expect(two.advantages[1]).toBeCloseTo(0.5 / d, 12);
    expect(Array.from(two.advantages.subarray(2))).toEqual([0, 0]);
    expect(two.fracZeroStd).toBe(0.5);
    expect(Array.from(computeAdvantages([0, 1], 2, 'rloo').advantages)).toEqual([-1, 1]);
    expect(Array.from(computeAdvantages([0, 1], 2, 'none').advantages)).toEqual([-0.5, 0.5]);
  });

  it('batch std counts every valid episode, also those of groups without signal', () => {
    // [0, 1] and [1, 1]: all four rewards give mean 0.75, sample std sqrt(0.75 / 3) = 0.5.
    const r = computeAdvantages([0, 1, 1, 1], 2, 'batch');
    expect(r.advantages[0]).toBeCloseTo(-0.5 / (0.5 + ADV_EPS), 12);
    expect(r.advantages[1]).toBeCloseTo(0.5 / (0.5 + ADV_EPS), 12);
  });

  it('a group of one (G = 1) has no signal; an empty batch neither', () => {
    const one = computeAdvantages([1, 0], 1, 'group');
    expect(Array.from(one.advantages)).toEqual([0, 0]);
    expect(one.fracZeroStd).toBe(1);
    expect(computeAdvantages([], 1, 'group')).toEqual({ advantages: new Float64Array(0), fracZeroStd: 0 });
    expect(computeAdvantages([], 4, 'rloo').fracZeroStd).toBe(0);
  });

  it('names a batch that does not split into groups, or a group size below 1', () => {
    expect(() => computeAdvantages([1, 0, 1], 2, 'group')).toThrow('computeAdvantages: 3 rewards do not split into groups of 2');
    expect(() => computeAdvantages([1, 0], 0, 'group')).toThrow('computeAdvantages: 2 rewards do not split into groups of 0');
    expect(() => computeAdvantages([1, 0], -2, 'group')).toThrow(RangeError);
  });

  it('sample std: 0 below two values, Bessel-corrected above', () => {
    expect(sampleStd([])).toBe(0);
    expect(sampleStd([5])).toBe(0);
    expect(sampleStd([1, 3, 5])).toBe(2);
    expect(sampleStd([2, 2])).toBe(0);
    expect(sampleStd([0, 2])).toBeCloseTo(Math.sqrt(2), 12);
  });
});

describe('episodeReward', () => {
  const ep = (success: boolean, progress: number, truncated: boolean) => ({ success, progress, truncated });

  it('gives 1 for success in every mode, truncated or not', () => {
    for (const reward of ['outcome', 'process'] as const) {
      for (const truncation of ['zero', 'mask'] as const) {
        expect(episodeReward(ep(true, 0, false), reward, truncation)).toBe(1);
        expect(episodeReward(ep(true, 0.3, true), reward, truncation)).toBe(1);
      }
    }
  });

  it('outcome: 0 for anything short of success, whatever the progress', () => {
    for (const truncation of ['zero', 'mask'] as const) {
      expect(episodeReward(ep(false, 0.8, false), 'outcome', truncation)).toBe(0);
      expect(episodeReward(ep(false, 0.8, true), 'outcome', truncation)).toBe(0);
    }
  });

  it('process: half the progress, clamped to [0, 1]; a truncated episode scores 0 under zero, its progress under mask', () => {
    expect(episodeReward(ep(false, 0.6, false), 'process', 'zero')).toBeCloseTo(0.3, 12);
    expect(episodeReward(ep(false, 0.6, false), 'process', 'mask')).toBeCloseTo(0.3, 12);
    expect(episodeReward(ep(false, 1.4, false), 'process', 'zero')).toBe(0.5);
    expect(episodeReward(ep(false, -0.2, false), 'process', 'zero')).toBe(0);
    expect(episodeReward(ep(false, 0, false), 'process', 'zero')).toBe(0);
    expect(episodeReward(ep(false, 0.6, true), 'process', 'zero')).toBe(0);
    expect(episodeReward(ep(false, 0.6, true), 'process', 'mask')).toBeCloseTo(0.3, 12);
    expect(episodeReward(ep(false, 1, false), 'process', 'mask')).toBe(0.5);
  });
});
