// The claims of the lessons on one run and its groups (policy and reward, group advantage, group size), checked on the
// seeds their links use: each test quotes the sentence it checks.
import { describe, expect, it } from 'vitest';
import { computeAdvantages } from '../../src/rl/advantages';
import { lessonConfig } from '../../src/lessons/lessons';
import { lesson, mean, says, train } from './claims';

describe('lesson policy-and-reward', () => {
  const l = lesson('policy-and-reward');

  it('success starts below 0.9 after one BC step and reaches 0.9 within 30 updates; entropy starts below 1 nat and falls to a quarter within 10', async () => {
    says(l, 'starts below 0.9 after copying the expert, then reaches 0.9 within the 30 updates');
    says(l, 'This run first copies an expert for a single step');
    says(l, 'On this run it starts below 1 nat and falls to a quarter of its first value within 10 updates, while success climbs');
    says(l, 'That is why even the untrained policy starts below 1 nat, and why the chart ends near 0 once it always clicks the right button.');
    expect(lessonConfig(l.runs[0]).bcSteps).toBe(1);
    const run = await train(l, 'first steps', 30);
    const success = run.metric('episode/success');
    expect(run.reports).toHaveLength(30);
    expect(success[0]).toBeLessThan(0.9);
    expect(Math.max(...success)).toBeGreaterThanOrEqual(0.9);
    const entropy = run.metric('policy/entropy');
    expect(entropy[0]).toBeLessThan(1);
    expect(entropy.slice(0, 10).some((h) => h <= entropy[0] / 4), `entropy ${entropy.slice(0, 10).map((h) => h.toFixed(2))}`).toBe(true);
    // "ends near 0": the last 5 updates, when success stays at 0.9 or more, average under a tenth of a nat.
    expect(Math.min(...success.slice(-5))).toBeGreaterThanOrEqual(0.9);
    expect(mean(entropy.slice(-5))).toBeLessThan(0.1);
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

  it('pushes the word where attempts differ up above the mean and down below it; shared words: one ratio a group; no clip with one pass', async () => {
    says(l, "The words every attempt writes before the number, `click` and its bracket, read the same context in every attempt of a group, so each has one ratio across the group, whatever the attempt's advantage");
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
      // A group's first-turn clicks share their context up to the number: one ratio for `click` and `(` in all of them.
      for (let task = 0; task * 8 < r.episodes.length; task++) {
        const first = r.episodes.filter((e) => e.task === task && e.advantage !== 0).map((e) => e.turns[0]).filter((t) => /^click\(\d+\)$/.test(t.text));
        for (const shared of [0, 1]) for (const t of first) expect(Math.log(t.ratio![shared])).toBeCloseTo(Math.log(first[0].ratio![shared]), 5);
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

  it('has more groups without signal at G = 2 than at G = 8 and 16 over the first 8 updates, as the formula predicts', async () => {
    says(l, 'over the first 8 updates it averages about three quarters with G = 2, and below 0.3 with G = 8 and G = 16');
    says(l, 'the G = 2 run solves about 1 attempt in 6 over those updates, and at that p the formula gives about three quarters too');
    says(l, 'An update plays G attempts of every task, so 16 take about twice as long as 8.');
    const noSignal: Record<string, number> = {};
    const episodes: Record<string, number> = {};
    let p2 = NaN;
    for (const label of ['G = 2', 'G = 8', 'G = 16']) {
      const run = await train(l, label, 8);
      noSignal[label] = mean(run.metric('reward/frac_zero_std'));
      episodes[label] = run.reports[0].episodes.length;
      if (label === 'G = 2') p2 = mean(run.metric('episode/success'));
    }
    // "about three quarters": within 0.05 of 0.75, here and by the formula.
    expect(Math.abs(noSignal['G = 2'] - 0.75), `G = 2 without signal ${noSignal['G = 2']}`).toBeLessThanOrEqual(0.05);
    expect(noSignal['G = 8']).toBeLessThan(0.3);
    expect(noSignal['G = 16']).toBeLessThan(0.3);
    expect(Math.abs(p2 - 1 / 6), `G = 2 success ${p2}`).toBeLessThan(0.05);
    expect(Math.abs(p2 ** 2 + (1 - p2) ** 2 - 0.75), 'the formula at the run\'s p').toBeLessThanOrEqual(0.05);
    expect(episodes['G = 16']).toBe(2 * episodes['G = 8']);
  }, 300_000);
});
