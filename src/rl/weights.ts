// Token-loss aggregation folded into per-token weights (N, T): the policy's loss is sum(weight * l_t), so
// each mode's normaliser lives here. A row is one turn; an episode's action tokens span several rows.

import type { Config } from '../core/config-table';

export type AggMode = Config['agg'];

/** Where one row's action tokens sit: positions [start, start + count) of the row, for episode `episode`. */
export interface RowSpan {
  episode: number;
  start: number;
  count: number;
}

/** Which episodes carry loss. Both (E); every episode when omitted. */
export interface EpisodeMask {
  /** false: left out of the loss and of every normaliser (truncation = 'mask'). */
  valid?: ArrayLike<boolean>;
  /**
   * true: no loss, yet still an episode in grpo's and dr_grpo's count, not a token in bnpo's and dapo's, as TRL
   * masks its truncated completions (mask_truncated_completions).
   */
  masked?: ArrayLike<boolean>;
}

/**
 * The (N, T) loss weights for rows of width T:
 *  - grpo:            1 / (|o_e| * E)      mean over each episode's action tokens, then over episodes
 *  - bnpo:            1 / sum_e |o_e|      mean over the batch's action tokens
 *  - dapo, token_mean: 1 / sum_e |o_e|     the same here: one batch is one accumulation (TRL's num_items_in_batch)
 *  - dr_grpo:         1 / (E * maxLen)     a constant per token: no length bias (maxLen is the generation budget, as TRL)
 * with E the number of counted episodes that have action tokens (masked ones included), |o_e| their action-token
 * counts and the sums over the episodes that carry loss.
 */
export function aggregationWeights(spans: readonly RowSpan[], width: number, agg: AggMode, maxLen: number, mask: EpisodeMask = {}): Float32Array {
  const weight = new Float32Array(spans.length * width);
  const counted = (e: number) => (mask.valid ? mask.valid[e] : true);
  const carries = (e: number) => counted(e) && !(mask.masked && mask.masked[e]);
  const perEpisode = new Map<number, number>();
  for (const s of spans) if (counted(s.episode)) perEpisode.set(s.episode, (perEpisode.get(s.episode) ?? 0) + s.count);
  let total = 0;
  let episodes = 0;
  for (const [e, c] of perEpisode) {
    if (carries(e)) total += c;
    if (c > 0) episodes++;
  }
  // Stryker disable next-line ConditionalExpression: with no carried token no span below would fill anything
  if (total === 0) return weight;
  spans.forEach((s, n) => {
    // Stryker disable next-line ConditionalExpression: a span of 0 tokens fills nothing
    if (!carries(s.episode) || s.count === 0) return;
    let w: number;
    switch (agg) {
      case 'grpo':
        w = 1 / (perEpisode.get(s.episode)! * episodes);
        break;
      case 'bnpo':
      case 'dapo':
      case 'token_mean':
        w = 1 / total;
        break;
      case 'dr_grpo':
        w = 1 / (episodes * maxLen);
        break;
    }
    weight.fill(w, n * width + s.start, n * width + s.start + s.count);
  });
  return weight;
}
