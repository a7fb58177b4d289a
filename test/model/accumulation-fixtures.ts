// Shared by the micro-batching tests: a small pointer model, a random update, limits that force a micro-batch size,
// and the comparison of two steps' gradients and metrics.
import { expect } from 'vitest';
import { Rng } from '../../src/core/rng';
import { STEP_SHARE, stepBytes, type MemoryLimits } from '../../src/model/memory';
import type { AnyOps } from '../../src/model/ops';
import type { ModelConfig } from '../../src/model/params';
import { TransformerPolicy } from '../../src/model/policy';
import type { StepHyper, StepMetrics, TrainBatch } from '../../src/model/policy-api';

export const MODEL: ModelConfig = { vocab: 40, dim: 16, layers: 2, heads: 2, window: 24, pointer: 4 };
export const GRPO: StepHyper = { objective: 'grpo', lr: 1e-2, beta: 0.05, epsLow: 0.2, epsHigh: 0.28, gradClip: 0, weightDecay: 0, temperature: 1, entropyCoef: 0.01 };
/**
 * The tolerance: a micro-batched gradient differs from the one-batch one only by the order of f32 sums over rows, so
 * every entry of the accumulated gradient (read as AdamW's first moment, 0.1 g after one step) is within 1e-5 of the
 * largest, and every metric within 1e-5 relative.
 */
export const GRAD_TOL = 1e-5;

/** Limits under which rows of width T run `rows` to a micro-batch. */
export function limitsFor(rows: number, T: number, c: ModelConfig = MODEL): MemoryLimits {
  return { totalBytes: stepBytes(c, rows + 0.5, T) / STEP_SHARE, perBufferBytes: Infinity };
}

/** A batch of N rows of random tokens with random lengths (width `window`), loss on each row's last few tokens. */
export function randomBatch(N: number, seed: number, c: ModelConfig = MODEL): TrainBatch {
  const r = Rng.fromSeed(seed);
  const T = c.window;
  const tokens = new Int32Array(N * T);
  const lengths = new Int32Array(N);
  const weight = new Float32Array(N * T);
  for (let n = 0; n < N; n++) {
    lengths[n] = 4 + r.int(T - 3);
    for (let t = 0; t < lengths[n]; t++) tokens[n * T + t] = r.int(c.vocab);
    for (let t = Math.max(1, lengths[n] - 3); t < lengths[n]; t++) weight[n * T + t] = 0.1 + r.next();
  }
  const logp = Float32Array.from({ length: N * T }, () => -3 + r.next());
  return { rows: N, width: T, tokens, lengths, weight, advantage: Float32Array.from({ length: N }, () => r.normal()), oldLogp: logp, refLogp: logp.map((x) => x - 0.1) };
}

export const policy = (ops: AnyOps, limits: MemoryLimits, c: ModelConfig = MODEL) => new TransformerPolicy(ops, c, Rng.fromSeed(5), limits);

/** Every entry of a's gradient within GRAD_TOL of b's largest; every metric within GRAD_TOL relative. */
export function expectSameStep(a: { m: StepMetrics; g: Float32Array }, b: { m: StepMetrics; g: Float32Array }): void {
  for (const k of Object.keys(b.m) as (keyof StepMetrics)[]) expect(Math.abs(a.m[k] - b.m[k]), k).toBeLessThanOrEqual(GRAD_TOL * (1 + Math.abs(b.m[k])));
  const largest = b.g.reduce((s, x) => Math.max(s, Math.abs(x)), 0);
  expect(largest).toBeGreaterThan(0);
  let worst = 0;
  b.g.forEach((x, i) => (worst = Math.max(worst, Math.abs(a.g[i] - x))));
  expect(worst).toBeLessThanOrEqual(GRAD_TOL * largest);
}

/** One step on a fresh policy: its metrics and its gradient (AdamW's first moment after step 1 is 0.1 g). */
export async function step(ops: AnyOps, limits: MemoryLimits, b: TrainBatch, h: StepHyper = GRPO): Promise<{ m: StepMetrics; g: Float32Array; parts: number }> {
  const p = policy(ops, limits);
  const parts = p.microBatches(b.rows, b.width).length;
  const m = await p.trainStep(b, h);
  const g = (await p.getState()).adamM;
  p.dispose();
  return { m, g, parts };
}

