// GRPO maths against hand-computed values: every advantage variant and every aggregation variant.
import { describe, expect, it } from 'vitest';
import { ADV_EPS, computeAdvantages, sampleStd } from '../../src/rl/advantages';
import { aggregationWeights, type RowSpan } from '../../src/rl/weights';

// Three groups of G = 4: one success in four, three in four, none (no signal).
const REWARDS = [1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0];
const near = (xs: ArrayLike<number>, want: number[]) => want.forEach((w, i) => expect(xs[i]).toBeCloseTo(w, 9));

describe('advantages', () => {
  it('sample std uses Bessel correction', () => {
    expect(sampleStd([1, 0, 0, 0])).toBeCloseTo(0.5, 12); // var = (0.5625 + 3 * 0.0625) / 3 = 0.25
    expect(sampleStd([3])).toBe(0);
  });

  it('group: (R - mean_G) / (std_G + eps)', () => {
    const { advantages, fracZeroStd } = computeAdvantages(REWARDS, 4, 'group');
    const d = 0.5 + ADV_EPS;
    near(advantages, [0.75 / d, -0.25 / d, -0.25 / d, -0.25 / d, 0.25 / d, 0.25 / d, -0.75 / d, 0.25 / d, 0, 0, 0, 0]);
    expect(fracZeroStd).toBeCloseTo(1 / 3, 12);
  });

  it('batch: group mean, std over the whole batch', () => {
    const { advantages } = computeAdvantages(REWARDS, 4, 'batch');
    // 4 ones in 12: mean 1/3, var = (4 * (2/3)^2 + 8 * (1/3)^2) / 11 = 8/33
    const d = Math.sqrt(8 / 33) + ADV_EPS;
    near(advantages, [0.75 / d, -0.25 / d, -0.25 / d, -0.25 / d, 0.25 / d, 0.25 / d, -0.75 / d, 0.25 / d, 0, 0, 0, 0]);
  });

  it('none (Dr.GRPO): R - mean_G', () => {
    const { advantages } = computeAdvantages(REWARDS, 4, 'none');
    near(advantages, [0.75, -0.25, -0.25, -0.25, 0.25, 0.25, -0.75, 0.25, 0, 0, 0, 0]);
  });

  it('rloo: R_i - mean of the other G - 1', () => {
    const { advantages } = computeAdvantages(REWARDS, 4, 'rloo');
    near(advantages, [1, -1 / 3, -1 / 3, -1 / 3, 1 / 3, 1 / 3, -1, 1 / 3, 0, 0, 0, 0]);
  });

  it('masked episodes are left out of the statistics and get 0', () => {
    const valid = [true, true, true, false, true, true, true, true, true, false, false, false];
    const { advantages, fracZeroStd } = computeAdvantages(REWARDS, 4, 'group', valid);
    const d = Math.sqrt(1 / 3) + ADV_EPS; // [1, 0, 0]: mean 1/3, var = (4/9 + 2/9) / 2
    near(advantages.subarray(0, 4), [(2 / 3) / d, (-1 / 3) / d, (-1 / 3) / d, 0]);
    expect(advantages[11]).toBe(0);
    expect(fracZeroStd).toBeCloseTo(1 / 3, 12); // the last group has one valid member
  });

  it('rewards with process shaping: a group of [1, 0.5, 0.25, 0]', () => {
    const { advantages } = computeAdvantages([1, 0.5, 0.25, 0], 4, 'group');
    const m = 0.4375;
    const s = Math.sqrt(((1 - m) ** 2 + (0.5 - m) ** 2 + (0.25 - m) ** 2 + m ** 2) / 3);
    near(advantages, [1, 0.5, 0.25, 0].map((r) => (r - m) / (s + ADV_EPS)));
  });

  it('rejects a batch that does not split into groups', () => {
    expect(() => computeAdvantages([1, 0, 1], 2, 'group')).toThrow(RangeError);
  });
});

describe('aggregation weights', () => {
  // Episode 0 takes two turns (3 + 2 action tokens), episode 1 one turn (4), episode 2 one turn (3).
  const spans: RowSpan[] = [
    { episode: 0, start: 5, count: 3 },
    { episode: 0, start: 8, count: 2 },
    { episode: 1, start: 5, count: 4 },
    { episode: 2, start: 5, count: 3 },
  ];
  const T = 12;
  const rowWeights = (w: Float32Array, n: number) => Array.from(w.subarray(n * T, (n + 1) * T));
  const expectRow = (w: Float32Array, n: number, start: number, count: number, value: number) => {
    const row = rowWeights(w, n);
    row.forEach((x, t) => expect(x).toBeCloseTo(t >= start && t < start + count ? value : 0, 7));
  };

  it('grpo: 1 / (|o_e| * E), so each episode weighs 1/E in total', () => {
    const w = aggregationWeights(spans, T, 'grpo', 20);
    expectRow(w, 0, 5, 3, 1 / 15);
    expectRow(w, 1, 8, 2, 1 / 15);
    expectRow(w, 2, 5, 4, 1 / 12);
    expectRow(w, 3, 5, 3, 1 / 9);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it('bnpo, dapo and token_mean: 1 / total action tokens (TRL\'s dapo normalises by num_items_in_batch: one batch here)', () => {
    for (const agg of ['bnpo', 'dapo', 'token_mean'] as const) {
      const w = aggregationWeights(spans, T, agg, 20);
      for (let n = 0; n < 4; n++) expectRow(w, n, spans[n].start, spans[n].count, 1 / 12);
    }
  });

  it('dr_grpo: 1 / (E * maxLen), independent of lengths', () => {
    const w = aggregationWeights(spans, T, 'dr_grpo', 20);
    for (let n = 0; n < 4; n++) expectRow(w, n, spans[n].start, spans[n].count, 1 / 60);
  });

  it('masked episodes weigh 0 and are not counted', () => {
    const valid = [true, true, false];
    const grpo = aggregationWeights(spans, T, 'grpo', 20, { valid });
    expectRow(grpo, 0, 5, 3, 1 / 10);
    expectRow(grpo, 2, 5, 4, 1 / 8);
    expectRow(grpo, 3, 0, 0, 0);
    const bnpo = aggregationWeights(spans, T, 'bnpo', 20, { valid });
    expectRow(bnpo, 2, 5, 4, 1 / 9);
    const dr = aggregationWeights(spans, T, 'dr_grpo', 20, { valid });
    expectRow(dr, 1, 8, 2, 1 / 40);
  });

  it('mask_truncated_completions: a masked episode carries no loss, yet counts as an episode for grpo and dr_grpo (not as tokens for bnpo, dapo)', () => {
    const masked = [false, true, false];
    const grpo = aggregationWeights(spans, T, 'grpo', 20, { masked });
    expectRow(grpo, 0, 5, 3, 1 / 15); // 1 / (5 tokens * 3 episodes)
    expectRow(grpo, 2, 0, 0, 0);
    expectRow(grpo, 3, 5, 3, 1 / 9); // 1 / (3 * 3)
    for (const agg of ['bnpo', 'dapo'] as const) expectRow(aggregationWeights(spans, T, agg, 20, { masked }), 3, 5, 3, 1 / 8);
    expectRow(aggregationWeights(spans, T, 'dr_grpo', 20, { masked }), 1, 8, 2, 1 / 60);
  });

  it('an all-masked batch has zero weight', () => {
    expect(aggregationWeights(spans, T, 'grpo', 20, { valid: [false, false, false] }).every((x) => x === 0)).toBe(true);
  });
});
