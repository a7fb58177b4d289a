// The metric vocabulary (src/rl/metrics.ts): its names and order (DESIGN.md convention 6), a doc for each, TRL's
// duplicate names carrying our values, what the page charts, and which non-finite metric stops a run.
import { describe, expect, it } from 'vitest';
import { CHARTED, CHARTED_NAMES, EVAL_METRIC_NAMES, EVAL_METRICS, METRIC_NAMES, METRICS, nonFiniteMetric, withTrlNames } from '../../src/rl/metrics';

const OWN = [
  'reward/mean', 'reward/std', 'reward/frac_zero_std', 'episode/success', 'episode/length', 'episode/turns', 'loss/policy', 'loss/kl',
  'policy/entropy', 'policy/clip_ratio', 'clip_ratio/low_mean', 'clip_ratio/high_mean', 'completions/min_length', 'completions/max_length',
  'completions/clipped_ratio', 'optim/grad_norm', 'optim/lr', 'env/level', 'perf/tokens_per_s', 'perf/env_steps_per_s', 'perf/update_ms',
] as const;
const TRL: Record<string, string> = {
  reward: 'reward/mean',
  reward_std: 'reward/std',
  frac_reward_zero_std: 'reward/frac_zero_std',
  kl: 'loss/kl',
  entropy: 'policy/entropy',
  'clip_ratio/region_mean': 'policy/clip_ratio',
  'completions/mean_length': 'episode/length',
};
const EVAL = ['eval/success', 'eval/success_sampled', 'eval/return', 'perf/eval_ms'];

describe('metric vocabulary', () => {
  it('names every metric once, ours first, then TRL names, each saying whose value it repeats', () => {
    expect(METRIC_NAMES).toEqual([...OWN, ...Object.keys(TRL)]);
    expect(METRICS.filter((m) => 'same' in m).map((m) => [m.name, (m as { same: string }).same])).toEqual(Object.entries(TRL));
    expect(EVAL_METRIC_NAMES).toEqual(EVAL);
    expect(new Set([...METRIC_NAMES, ...EVAL_METRIC_NAMES]).size).toBe(OWN.length + 7 + EVAL.length);
  });

  it('gives every metric a one-sentence doc', () => {
    for (const m of [...METRICS, ...EVAL_METRICS]) expect(m.doc, m.name).toMatch(/^[A-Z'].{10,}\.\)?$/);
  });

  it('charts the evaluation first, then ours, without TRL duplicates', () => {
    expect(CHARTED_NAMES).toEqual([...EVAL, ...OWN]);
    expect(CHARTED.map((m) => m.doc)).toEqual([...EVAL_METRICS, ...METRICS.slice(0, OWN.length)].map((m) => m.doc));
  });

  it('adds TRL names with our values', () => {
    const own = Object.fromEntries(OWN.map((name, i) => [name, i + 0.5])) as Record<(typeof OWN)[number], number>;
    const all = withTrlNames(own);
    expect(Object.keys(all)).toHaveLength(OWN.length + 7);
    for (const name of OWN) expect(all[name]).toBe(own[name]);
    for (const [trl, ours] of Object.entries(TRL)) expect(all[trl as keyof typeof all], trl).toBe(own[ours as (typeof OWN)[number]]);
  });
});

describe('nonFiniteMetric', () => {
  it('names the first NaN or infinite training metric; perf/* never stops a run', () => {
    expect(nonFiniteMetric({ 'perf/update_ms': NaN, 'loss/kl': 0.1, 'loss/policy': -Infinity, 'optim/grad_norm': NaN })).toEqual(['loss/policy', -Infinity]);
    expect(nonFiniteMetric({ 'perf/tokens_per_s': Infinity, 'reward/mean': 1, 'reward/std': 0 })).toBeNull();
    expect(nonFiniteMetric({ 'loss/kl': NaN })).toEqual(['loss/kl', NaN]);
    expect(nonFiniteMetric({})).toBeNull();
  });
});
