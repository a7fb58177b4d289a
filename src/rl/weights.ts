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

/**
 * The (N, T) loss weights for rows of width T. Episodes with valid[e] = false get weight 0 and are not counted.
 *  - grpo:       1 / (|o_e| * E)      mean over each episode's action tokens, then over episodes
 *  - bnpo:       1 / sum_e |o_e|      mean over the batch's action tokens
 *  - token_mean: 1 / sum_e |o_e|      the same here: one batch is one accumulation (TRL's 'dapo')
 *  - dr_grpo:    1 / (E * maxLen)     a constant per token: no length bias (maxLen is the generation budget, as TRL)
 * with E the number of counted episodes that have action tokens, |o_e| their action-token counts.
 */
export function aggregationWeights(
  spans: readonly RowSpan[],
  width: number,
  agg: AggMode,
  maxLen: number,
  valid?: ArrayLike<boolean>,
): Float32Array {
  const weight = new Float32Array(spans.length * width);
  const ok = (e: number) => (valid ? valid[e] : true);
  const perEpisode = new Map<number, number>();
  for (const s of spans) if (ok(s.episode)) perEpisode.set(s.episode, (perEpisode.get(s.episode) ?? 0) + s.count);
  let total = 0;
  let episodes = 0;
  for (const c of perEpisode.values()) {
    total += c;
    if (c > 0) episodes++;
  }
  if (total === 0) return weight;
  spans.forEach((s, n) => {
    if (!ok(s.episode) || s.count === 0) return;
    let w: number;
    switch (agg) {
      case 'grpo':
        w = 1 / (perEpisode.get(s.episode)! * episodes);
        break;
      case 'bnpo':
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
