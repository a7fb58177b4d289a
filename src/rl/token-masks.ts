// TRL's GRPOConfig options that decide which action tokens carry loss, and with which ratio, as pure functions on a
// batch of turn rows: truncated completions (mask_truncated_completions), the top-entropy tokens
// (top_entropy_quantile) and sequence-level importance sampling (GSPO, importance_sampling_level = 'sequence').

import type { TrainBatch } from '../model/policy-api';
import { END } from '../model/tokenizer';
import type { EpisodeRecord, TurnRecord } from './rollout';
import type { RowSpan } from './weights';

/** An episode one of whose actions was cut off at the token budget: it never generated END. */
export function cutOff(e: EpisodeRecord): boolean {
  return e.turns.some((t) => t.action.length > 0 && t.action[t.action.length - 1] !== END);
}

/** The p-quantile of `values` with linear interpolation between order statistics (torch.quantile's default). */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('quantile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(1, Math.max(0, p)) * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/**
 * top_entropy_quantile: among the tokens with weight != 0, those whose sampling entropy is below the batch's
 * (1 - share)-quantile get weight 0 (in place); the others keep theirs, so every normaliser stays as it was.
 * Entropies are the ones measured when the token was sampled (grammar mask applied: a token the grammar forces has
 * entropy 0 and is never a fork). Tokens without a recorded entropy keep their weight and are not counted.
 * @param weight (N, T) loss weights, rows in the order of `turns`
 * @param turns (N) the turn of each row
 * @param spans (N) where each row's action tokens sit
 */
export function keepTopEntropy(weight: Float32Array, turns: readonly TurnRecord[], spans: readonly RowSpan[], T: number, share: number): void {
  const at = (n: number, j: number) => turns[n].entropy?.[j];
  const values: number[] = [];
  spans.forEach((s, n) => {
    for (let j = 0; j < s.count; j++) {
      const h = at(n, j);
      if (weight[n * T + s.start + j] !== 0 && h !== undefined) values.push(h);
    }
  });
  if (values.length === 0) return;
  const threshold = quantile(values, 1 - share);
  spans.forEach((s, n) => {
    for (let j = 0; j < s.count; j++) {
      const h = at(n, j);
      // Stryker disable next-line ConditionalExpression: undefined < threshold is false too; the check is for the type
      if (h !== undefined && h < threshold) weight[n * T + s.start + j] = 0;
    }
  });
}

/**
 * GSPO: one importance ratio per episode, s_e = exp(mean over its action tokens of (logp - oldLogp)), shared by all
 * its tokens. The loss kernel computes r = exp(logp - old) per token, so old becomes logp_now - log s_e: the kernel's
 * ratio is then s_e, and its gradient s_e * dlogp_t, GSPO's own (s_e's gradient is s_e * mean of dlogp over the
 * episode, and each of its tokens weighs the same).
 * @param b the batch to train on, oldLogp (N, T) under the behaviour policy
 * @param spans (N) each row's episode and action positions
 * @param now (N, T) log-probs under the current policy (Policy.logprobs of b)
 * @returns b with oldLogp rewritten on the action tokens
 */
export function sequenceRatioBatch(b: TrainBatch, spans: readonly RowSpan[], now: Float32Array): TrainBatch {
  const T = b.width;
  const sum = new Map<number, number>();
  const count = new Map<number, number>();
  spans.forEach((s, n) => {
    for (let i = n * T + s.start; i < n * T + s.start + s.count; i++) sum.set(s.episode, (sum.get(s.episode) ?? 0) + now[i] - b.oldLogp[i]);
    count.set(s.episode, (count.get(s.episode) ?? 0) + s.count);
  });
  const oldLogp = b.oldLogp.slice();
  spans.forEach((s, n) => {
    const logRatio = sum.get(s.episode)! / Math.max(1, count.get(s.episode)!);
    for (let i = n * T + s.start; i < n * T + s.start + s.count; i++) oldLogp[i] = now[i] - logRatio;
  });
  return { ...b, oldLogp };
}
