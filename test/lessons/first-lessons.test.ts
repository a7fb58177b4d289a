// The claims of the lessons on one run and its groups (policy and reward, group advantage, group size), checked on the
// seeds their links use: each test quotes the sentence it checks.
import { describe, expect, it } from 'vitest';
import { computeAdvantages } from '../../src/rl/advantages';
import { lesson, mean, says, train, type LessonRun } from './claims';

describe('lesson policy-and-reward', () => {
  const l = lesson('policy-and-reward');
  let run: LessonRun;

  it('success starts below 0.9 after BC, reaches 0.9 within 30 updates, while entropy stays above 3.5', async () => {
    says(l, 'starts below 0.9 after copying the expert, then reaches 0.9 within the 30 updates');
    says(l, 'This run first copies an expert for 10 steps');
    says(l, 'On this run it stays above 3.5 nats the whole time, even while success climbs past 0.9.');
    run = await train(l, 'first steps', 30);
    const success = run.metric('episode/success');
    expect(run.reports).toHaveLength(30);
    expect(success[0]).toBeLessThan(0.9);
    expect(Math.max(...success)).toBeGreaterThanOrEqual(0.9);
    expect(Math.min(...run.metric('policy/entropy'))).toBeGreaterThan(3.5);
  }, 120_000);
});

describe('lesson group-advantage', () => {
  const l = lesson('group-advantage');

  it('gives the picture group (1, 0, 1, 0) advantages of +0.87 and -0.87, and an all-success group 0', () => {
    says(l, 'In the picture\'s group of four (rewards 1, 0, 1, 0), the successes get A = +0.87 and the failures A = −0.87.');
    const { advantages } = computeAdvantages([1, 0, 1, 0], 4, 'group');
    expect([...advantages].map((a) => a.toFixed(2))).toEqual(['0.87', '-0.87', '0.87', '-0.87']);
    says(l, 'Every advantage is 0, because each reward equals the group\'s mean, and the update learns nothing from this group. The inspector shows A = 0.00 for each of them.');
    expect([...computeAdvantages(new Array(8).fill(1), 8, 'group').advantages].map((a) => a.toFixed(2))).toEqual(new Array(8).fill('0.00'));
  });

  it('pushes the word where attempts differ up above the mean and down below it; shared words rise in all; no clip with one pass', async () => {
    says(l, 'The words every attempt shares, like `click` and the brackets, became likelier in all of them');
    says(l, "The word where the attempts differ, the element's number, became likelier on average in the attempts above the mean and less likely in those below.");
    says(l, 'every ratio is exactly 1 when the loss is computed, so nothing is clipped');
    const run = await train(l, 'first steps', 3, true);
    for (const r of run.reports) {
      // click-button's actions are click ( N ) END: the number, at position 2, is where attempts differ.
      const clicks = (sign: number) => r.episodes.filter((e) => Math.sign(e.advantage) === sign).flatMap((e) => e.turns.filter((t) => /^click\(\d+\)$/.test(t.text) && t.tokens.length === 5));
      expect(clicks(1).length).toBeGreaterThan(0);
      const logRatio = (sign: number, at: number) => mean(clicks(sign).map((t) => Math.log(t.ratio![at])));
      expect(logRatio(1, 2), `update ${r.update + 1}, the number above the mean`).toBeGreaterThan(0);
      expect(logRatio(-1, 2), `update ${r.update + 1}, the number below the mean`).toBeLessThan(0);
      for (const shared of [0, 1, 3]) {
        expect(logRatio(1, shared)).toBeGreaterThan(0);
        expect(logRatio(-1, shared)).toBeGreaterThan(0);
      }
    }
    expect(run.metric('policy/clip_ratio')).toEqual([0, 0, 0]);
    // A group with the same reward everywhere: every advantage 0, as the question's answer says.
    for (const r of run.reports) {
      for (let task = 0; task * 8 < r.episodes.length; task++) {
        const g = r.episodes.filter((e) => e.task === task);
        if (new Set(g.map((e) => e.reward)).size === 1) expect(g.every((e) => e.advantage === 0)).toBe(true);
      }
    }
  }, 120_000);

  it('marks where every group was all successes', async () => {
    says(l, 'A marker shows the first update where every group was all successes');
    const run = await train(l, 'first steps', 30);
    const at = run.metric('reward/frac_zero_std').indexOf(1);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(run.metric('episode/success')[at]).toBe(1);
  }, 120_000);
});

describe('lesson group-size', () => {
  const l = lesson('group-size');

  it('computes the chance of no signal as p^G + (1 - p)^G: 0.43 at p = 0.1, G = 8 and 0.82 at G = 2', () => {
    says(l, 'p^G + (1 − p)^G. For example, that is 0.43 at p = 0.1 and G = 8, and 0.82 at G = 2');
    const none = (p: number, G: number) => p ** G + (1 - p) ** G;
    expect(none(0.1, 8).toFixed(2)).toBe('0.43');
    expect(none(0.1, 2).toFixed(2)).toBe('0.82');
  });

  it('has more groups without signal at G = 2 than at G = 8 and 16 over the first 8 updates', async () => {
    says(l, 'over the first 8 updates it averages above 0.8 with G = 2, and below 0.3 with G = 8 and G = 16');
    says(l, 'An update plays G attempts of every task, so 16 take about twice as long as 8.');
    const noSignal: Record<string, number> = {};
    const episodes: Record<string, number> = {};
    for (const label of ['G = 2', 'G = 8', 'G = 16']) {
      const run = await train(l, label, 8);
      noSignal[label] = mean(run.metric('reward/frac_zero_std'));
      episodes[label] = run.reports[0].episodes.length;
    }
    expect(noSignal['G = 2']).toBeGreaterThan(0.8);
    expect(noSignal['G = 8']).toBeLessThan(0.3);
    expect(noSignal['G = 16']).toBeLessThan(0.3);
    expect(episodes['G = 16']).toBe(2 * episodes['G = 8']);
  }, 300_000);
});
