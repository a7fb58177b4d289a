// Which group, unit and axis each metric gets, and which charts are hidden in which config (with a reason).
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { METRICS } from '../../src/rl/metrics';
import { displayOf, hiddenReason } from '../../src/ui/charts/metric-display';

describe('displayOf', () => {
  it('puts every metric of the vocabulary in a named group with a unit', () => {
    for (const { name } of METRICS) {
      const d = displayOf(name);
      expect(d.group, name).not.toBe('other');
      expect(d.unit, name).not.toBe('value');
    }
  });

  it('groups metrics added later by their prefix', () => {
    expect(displayOf('eval/success').group).toBe('outcome');
    expect(displayOf('eval/success_sampled')).toMatchObject({ group: 'outcome', share: true });
    expect(displayOf('clip_ratio/low_mean')).toMatchObject({ group: 'policy', share: true });
    expect(displayOf('entropy').group).toBe('policy');
    expect(displayOf('env/level').group).toBe('outcome');
    expect(displayOf('perf/eval_ms')).toMatchObject({ group: 'speed', unit: 'ms' });
    expect(displayOf('something/new').group).toBe('other');
  });

  it('draws shares and success on a [0, 1] axis, and nothing else', () => {
    const shares = METRICS.filter((m) => displayOf(m.name).share).map((m) => m.name);
    expect(shares).toEqual([
      'reward/frac_zero_std',
      'episode/success',
      'policy/clip_ratio',
      'clip_ratio/low_mean',
      'clip_ratio/high_mean',
      'completions/clipped_ratio',
      'frac_reward_zero_std',
      'clip_ratio/region_mean',
    ]);
  });
});

describe('hiddenReason', () => {
  const c = DEFAULT_CONFIG;

  it('hides the charts that cannot move in the default config, each with a reason', () => {
    const hidden = METRICS.filter((m) => hiddenReason(m.name, c) !== null).map((m) => m.name);
    expect(hidden).toEqual([
      'loss/policy',
      'loss/kl',
      'policy/clip_ratio',
      'clip_ratio/low_mean',
      'clip_ratio/high_mean',
      'optim/lr',
      'clip_ratio/region_mean',
    ]);
    expect(hiddenReason('loss/kl', c)).toMatch(/beta is 0/);
    expect(hiddenReason('policy/clip_ratio', c)).toMatch(/mu = 1/);
  });

  it('shows them when the config lets them move', () => {
    expect(hiddenReason('loss/kl', { ...c, beta: 0.01 })).toBeNull();
    expect(hiddenReason('policy/clip_ratio', { ...c, mu: 2 })).toBeNull();
    expect(hiddenReason('clip_ratio/low_mean', { ...c, async: true })).toBeNull();
    expect(hiddenReason('loss/policy', { ...c, agg: 'token_mean' })).toBeNull();
    expect(hiddenReason('loss/policy', { ...c, truncation: 'mask' })).toBeNull();
    expect(hiddenReason('optim/lr', { ...c, warmup: 5 })).toBeNull();
    expect(hiddenReason('optim/lr', c, true)).toBeNull();
  });
});
