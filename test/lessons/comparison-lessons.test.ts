// The claims of the lessons that compare two runs (BC then RL against R1-Zero, outcome against progress reward),
// checked on the seeds their links use: each test quotes the sentence it checks.
import { describe, expect, it } from 'vitest';
import { episodeReward } from '../../src/rl/advantages';
import { lessonConfig } from '../../src/lessons/lessons';
import { lesson, says, train } from './claims';

describe('lesson bc-then-rl', () => {
  const l = lesson('bc-then-rl');

  it('BC: after 10 steps some attempts succeed at the first update, so groups carry signal; RL more than doubles success within 25', async () => {
    says(l, 'after 10 BC steps some attempts already succeed at the first update, so groups carry signal from the start, and within 25 updates RL more than doubles the success BC left');
    expect(lessonConfig(l.runs[0]).bcSteps).toBe(10);
    const run = await train(l, 'BC, then RL', 25);
    const success = run.metric('episode/success');
    expect(success[0]).toBeGreaterThan(0);
    expect(run.metric('reward/frac_zero_std')[0]).toBeLessThan(1);
    expect(Math.max(...success.slice(1)), `success ${success}`).toBeGreaterThan(2 * success[0]);
  }, 300_000);

  it('R1-Zero: no success and no signal in 10 updates on login; over 10% success by chance on click-button', async () => {
    says(l, 'no attempt succeeds in its first 10 updates, and every group has no signal (`reward/frac_zero_std` stays at 1)');
    const zero = await train(l, 'RL from scratch (R1-Zero)', 10);
    expect(zero.metric('episode/success')).toEqual(new Array(10).fill(0));
    expect(zero.metric('reward/frac_zero_std')).toEqual(new Array(10).fill(1));
    says(l, "With the R1-Zero settings on click-button, over 10% of the first update's episodes succeed by chance; on login, none do.");
    const click = await train(l, 'RL from scratch (R1-Zero)', 1, false, { env: 'click-button' });
    expect(click.metric('episode/success')[0]).toBeGreaterThan(0.1);
  }, 180_000);
});

describe('lesson credit-for-progress', () => {
  const l = lesson('credit-for-progress');

  it('pays an unsolved attempt half its progress, 0.45 a right field, and nothing when out of turns', () => {
    says(l, 'an unsolved login attempt earns half of its progress, 0.45 for each of the username and the password typed right, and nothing if it ran out of turns');
    const config = lessonConfig(l.runs[1]);
    expect([config.reward, config.truncation]).toEqual(['process', 'zero']);
    expect(episodeReward({ success: false, progress: 0.45, truncated: false }, 'process', 'zero')).toBeCloseTo(0.225);
    expect(episodeReward({ success: false, progress: 0.9, truncated: true }, 'process', 'zero')).toBe(0);
    expect(episodeReward({ success: false, progress: 0.9, truncated: false }, 'outcome', 'zero')).toBe(0);
  });

  it('leaves at least half the outcome groups without signal and at most a quarter of the progress groups, first 2 updates', async () => {
    says(l, "After the same 10 BC steps, in each of the first 2 updates at least half the outcome run's groups have no signal (`reward/frac_zero_std` at 0.5 or more), while at most a quarter of the progress run's have none (0.25 or less).");
    expect(l.runs.map((r) => lessonConfig(r).bcSteps)).toEqual([10, 10]);
    const outcome = await train(l, 'outcome reward', 2);
    const progress = await train(l, 'progress reward', 2);
    for (const x of outcome.metric('reward/frac_zero_std')) expect(x).toBeGreaterThanOrEqual(0.5);
    for (const x of progress.metric('reward/frac_zero_std')) expect(x).toBeLessThanOrEqual(0.25);
  }, 240_000);
});
