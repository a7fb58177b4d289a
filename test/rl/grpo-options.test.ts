// TRL's GRPOConfig options against hand-computed values (loss_type dapo and mask_truncated_completions' weights are
// with the other aggregations in grpo-math.test.ts): cut-off episodes, top_entropy_quantile, importance_sampling_level = sequence (GSPO), entropy_coef, and the loss kernel's k3 clamp,
// clip flags and sampling entropy (CPU twin; the kernel specs hold the WebGPU kernels to it).
import { describe, expect, it } from 'vitest';
import { logprobs, sample, tokenLoss } from '../../src/cpu/loss';
import { LOSS_STATS, type LossHyper } from '../../src/model/ops';
import type { TrainBatch } from '../../src/model/policy-api';
import { END } from '../../src/model/tokenizer';
import type { EpisodeRecord, TurnRecord } from '../../src/rl/rollout';
import { cutOff, keepTopEntropy, quantile, sequenceRatioBatch } from '../../src/rl/token-masks';
import type { RowSpan } from '../../src/rl/weights';

const near = (got: ArrayLike<number>, want: readonly number[], digits = 7) => want.forEach((x, i) => expect(got[i], `[${i}]`).toBeCloseTo(x, digits));

describe('mask_truncated_completions', () => {
  it('an episode is cut off when one of its actions has no END', () => {
    const turn = (action: number[]): TurnRecord => ({ prompt: [1], action, logp: [], entropy: [], text: '' });
    const episode = (...turns: TurnRecord[]) => ({ turns }) as unknown as EpisodeRecord;
    expect(cutOff(episode(turn([5, END]), turn([6, END])))).toBe(false);
    expect(cutOff(episode(turn([5, END]), turn([6, 7, 7])))).toBe(true);
  });
});

describe('top_entropy_quantile', () => {
  it('quantiles interpolate linearly between order statistics, as torch.quantile', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBeCloseTo(2.5, 12);
    expect(quantile([0, 2, 0.1, 0.9, 0.5], 0.8)).toBeCloseTo(0.9 + 0.2 * 1.1, 12); // position 3.2 of [0, .1, .5, .9, 2]
    expect(quantile([7], 0.3)).toBe(7);
  });

  it('keeps the tokens at or above the (1 - share) quantile of the loss tokens\' entropies; the others weigh 0', () => {
    const spans: RowSpan[] = [{ episode: 0, start: 2, count: 3 }, { episode: 1, start: 1, count: 2 }];
    const width = 6;
    const weight = new Float32Array(2 * width);
    weight.fill(0.2, 2, 5);
    weight.fill(0.2, width + 1, width + 3);
    const turns = [[0, 1.0, 0.2], [0.7, 0.4]].map((entropy) => ({ entropy }) as TurnRecord);
    // [0, .2, .4, .7, 1] at 1 - 0.4 = 0.6: position 2.4, threshold 0.4 + 0.4 * 0.3 = 0.52
    keepTopEntropy(weight, turns, spans, width, 0.4);
    near(weight, [0, 0, 0, 0.2, 0, 0, 0, 0.2, 0, 0, 0, 0]);
  });

  it('tokens already out of the loss neither count in the quantile nor come back', () => {
    const spans: RowSpan[] = [{ episode: 0, start: 0, count: 4 }];
    const weight = Float32Array.from([0.25, 0.25, 0, 0.25]);
    keepTopEntropy(weight, [{ entropy: [0.1, 0.3, 9, 0.2] } as TurnRecord], spans, 4, 0.5); // median of [.1, .3, .2] = 0.2
    near(weight, [0, 0.25, 0, 0.25]);
  });
});

/** A TrainBatch of rows of width T from per-row old log-probs (everything else is unused here). */
function batchWith(oldLogp: Float32Array, rows: number, width: number): TrainBatch {
  return { rows, width, tokens: new Int32Array(rows * width), lengths: new Int32Array(rows).fill(width), weight: new Float32Array(rows * width), advantage: new Float32Array(rows), oldLogp, refLogp: null };
}

describe('importance_sampling_level = sequence (GSPO)', () => {
  it("rewrites each action token's old log-prob to now - (the episode's mean log-ratio), so the kernel's ratio is exp(mean)", () => {
    const spans: RowSpan[] = [{ episode: 0, start: 1, count: 2 }, { episode: 0, start: 0, count: 1 }, { episode: 1, start: 1, count: 2 }];
    const width = 3;
    const old = Float32Array.from([9, -1, -2, -3, 9, 9, 9, -1, -1]);
    const now = Float32Array.from([5, -0.9, -1.7, -3.1, 5, 5, 5, -0.8, -0.6]);
    // episode 0: diffs 0.1, 0.3, -0.1 -> mean 0.1; episode 1: 0.2, 0.4 -> mean 0.3; positions outside the spans keep old
    const got = sequenceRatioBatch(batchWith(old, 3, width), spans, now).oldLogp;
    near(got, [9, -1.0, -1.8, -3.2, 9, 9, 9, -1.1, -0.9], 6);
  });

  it("the rewritten batch gives TRL's GSPO loss and gradient: s_e = exp(mean log-ratio), -min(s A, clip(s) A) per token", () => {
    // kernel rows r (already shifted): episode 0 = rows 0-2, episode 1 = rows 3-5; weights as a grpo aggregation would
    const [N, Tk, V] = [2, 3, 5];
    const R = N * Tk;
    const logits = Float32Array.from({ length: R * V }, (_, i) => Math.sin(i * 1.7) * 2);
    const targets = Int32Array.from([1, 4, 0, 2, 2, 3]);
    const weight = Float32Array.from([1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6]);
    const adv = Float32Array.from([1.2, -0.8]);
    const h: LossHyper = { objective: 'grpo', invTemp: 1, beta: 0, epsLow: 0.05, epsHigh: 0.05, entropyCoef: 0 };
    const oldOf = (lp: Float32Array) => Float32Array.from(lp, (x, r) => x - [0.02, 0.01, 0.03, -0.2, -0.1, -0.3][r]);
    const lp0 = new Float32Array(R);
    logprobs(logits, targets, lp0, R, V, 1);
    const old = oldOf(lp0); // episode 0: mean log-ratio 0.02 (inside the clip), episode 1: -0.2 (below 1 - 0.05, A < 0: clipped)
    const gspoLoss = (x: Float32Array) => {
      const lp = new Float32Array(R);
      logprobs(x, targets, lp, R, V, 1);
      let loss = 0;
      for (let e = 0; e < N; e++) {
        let m = 0;
        for (let t = 0; t < Tk; t++) m += (lp[e * Tk + t] - old[e * Tk + t]) / Tk;
        const s = Math.exp(m);
        const A = adv[e];
        const l = -Math.min(s * A, Math.min(1 + h.epsHigh, Math.max(1 - h.epsLow, s)) * A);
        for (let t = 0; t < Tk; t++) loss += weight[e * Tk + t] * l;
      }
      return loss;
    };
    const rows: RowSpan[] = [{ episode: 0, start: 0, count: Tk }, { episode: 1, start: 0, count: Tk }];
    const rewritten = sequenceRatioBatch(batchWith(old, N, Tk), rows, lp0).oldLogp;
    const dl = new Float32Array(R * V);
    const stats = new Float32Array(R * LOSS_STATS);
    tokenLoss(logits, targets, weight, adv, rewritten, null, dl, stats, N, Tk, V, h);
    let loss = 0;
    for (let r = 0; r < R; r++) loss += stats[r * LOSS_STATS];
    expect(loss).toBeCloseTo(gspoLoss(logits), 6);
    expect(Array.from({ length: R }, (_, r) => stats[r * LOSS_STATS + 4])).toEqual([0, 0, 0, -1, -1, -1]);
    for (let i = 0; i < R * V; i += 3) {
      const eps = 1e-3;
      const up = logits.slice();
      const down = logits.slice();
      up[i] += eps;
      down[i] -= eps;
      expect(dl[i], `dLogits[${i}]`).toBeCloseTo((gspoLoss(up) - gspoLoss(down)) / (2 * eps), 4);
    }
  });
});

describe('the loss kernel: entropy_coef, k3 clamp, clip flags (one row, V = 3)', () => {
  // softmax of [0, ln 2, ln 3] is [1/6, 2/6, 3/6]
  const logits = Float32Array.from([0, Math.log(2), Math.log(3)]);
  const H = -(1 / 6) * Math.log(1 / 6) - (2 / 6) * Math.log(2 / 6) - (3 / 6) * Math.log(3 / 6);
  const run = (h: Partial<LossHyper>, old: number, A: number, ref: number | null = null) => {
    const hyper: LossHyper = { objective: 'grpo', invTemp: 1, beta: 0, epsLow: 0.2, epsHigh: 0.2, entropyCoef: 0, ...h };
    const dl = new Float32Array(3);
    const stats = new Float32Array(LOSS_STATS);
    tokenLoss(logits, Int32Array.from([2]), Float32Array.from([0.5]), Float32Array.from([A]), Float32Array.from([old]), ref === null ? null : Float32Array.from([ref]), dl, stats, 1, 1, 3, hyper);
    return { dl, stats };
  };
  const logp = Math.log(0.5);

  it('entropy_coef c: the loss gets -c H and the logits\' gradient c p_v (log p_v + H) more', () => {
    const plain = run({}, logp, 1);
    const bonus = run({ entropyCoef: 0.3 }, logp, 1);
    expect(bonus.stats[3]).toBeCloseTo(H, 6);
    expect(bonus.stats[0]).toBeCloseTo(plain.stats[0] - 0.3 * H, 6);
    const p = [1 / 6, 2 / 6, 3 / 6];
    near(Array.from(bonus.dl, (x, v) => x - plain.dl[v]), p.map((pv) => 0.3 * pv * (Math.log(pv) + H)), 6);
  });

  it('k3 is clamped at 10 (verl), its gradient 0 beyond; below, e^d - d - 1', () => {
    const within = run({ beta: 0.5 }, logp, 1, logp + 1); // d = 1
    expect(within.stats[2]).toBeCloseTo(Math.E - 2, 6);
    const past = run({ beta: 0.5 }, logp, 1, logp + 3); // e^3 - 4 = 16.09
    expect(past.stats[2]).toBe(10);
    expect(past.stats[0]).toBeCloseTo(run({}, logp, 1).stats[0] + 0.5 * 0.5 * 10, 5);
    near(past.dl, Array.from(run({}, logp, 1).dl), 7);
  });

  it('clip flag: +1 above 1 + eps with A > 0, -1 below 1 - eps with A < 0, 0 otherwise', () => {
    expect(run({}, logp - 0.5, 1).stats[4]).toBe(1); // ratio e^0.5 > 1.2
    expect(run({}, logp + 0.5, -1).stats[4]).toBe(-1); // ratio e^-0.5 < 0.8
    expect(run({}, logp - 0.5, -1).stats[4]).toBe(0); // above, but A < 0: the unclipped term is the min
    expect(run({}, logp, 1).stats[4]).toBe(0);
  });
});

describe('sampling entropy', () => {
  it('is the entropy of the distribution sampled from: mask, then nucleus, renormalised', () => {
    const logits = Float32Array.from([0, Math.log(2), Math.log(3), 5]);
    const mask = Float32Array.from([1, 1, 1, 0]); // the largest logit is not allowed
    const ent = new Float32Array(1);
    const draw = (topP: number) => sample(logits, mask, Float32Array.from([0.5]), new Int32Array(1), new Float32Array(1), ent, 1, 4, 1, topP);
    draw(1);
    expect(ent[0]).toBeCloseTo(-(1 / 6) * Math.log(1 / 6) - (1 / 3) * Math.log(1 / 3) - 0.5 * Math.log(0.5), 6);
    draw(0.8); // the nucleus keeps 2/6 + 3/6 >= 0.8: [0.4, 0.6]
    expect(ent[0]).toBeCloseTo(-0.4 * Math.log(0.4) - 0.6 * Math.log(0.6), 6);
    draw(0); // greedy: one token, no uncertainty
    expect(ent[0]).toBeCloseTo(0, 6);
  });
});
