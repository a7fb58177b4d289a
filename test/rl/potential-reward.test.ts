// reward 'potential': success 1, else half the progress reached however the episode ended, the per-turn progress
// differences summed (potential-based shaping with gamma 1), so ending early by a failing action earns nothing that
// running out of turns would not. Hand-computed values, and real login-user episodes played both ways.
import { describe, expect, it } from 'vitest';
import { computeAdvantages, episodeReward } from '../../src/rl/advantages';
import { getEnvSpec } from '../../src/envs/registry';
import type { Env, StepResult } from '../../src/envs/api';

const ep = (success: boolean, progress: number, truncated: boolean) => ({ success, progress, truncated });

describe("episodeReward 'potential'", () => {
  it('pays 1 for success, else half the progress clamped to [0, 1], also when the episode ran out of turns', () => {
    expect(episodeReward(ep(true, 0.2, true), 'potential', 'zero')).toBe(1);
    expect(episodeReward(ep(false, 0.6, false), 'potential', 'zero')).toBeCloseTo(0.3, 12);
    expect(episodeReward(ep(false, 0.6, true), 'potential', 'zero')).toBeCloseTo(0.3, 12);
    expect(episodeReward(ep(false, 0.6, true), 'potential', 'mask')).toBeCloseTo(0.3, 12);
    expect(episodeReward(ep(false, 1.4, true), 'potential', 'zero')).toBe(0.5);
    expect(episodeReward(ep(false, -0.2, true), 'potential', 'zero')).toBe(0);
    // process, by contrast, pays the truncated episode nothing under 'zero'
    expect(episodeReward(ep(false, 0.6, true), 'process', 'zero')).toBe(0);
  });

  it("in a group without a success, the same advantages as the summed per-turn differences Phi(s_T) - Phi(s_0)", () => {
    const start = 0.6; // use-spinner and a few others start above 0; one task seed, one start for the whole group
    const ends = [0.7, 0.9, 0.6, 0.75];
    const reached = ends.map((p) => episodeReward(ep(false, p, true), 'potential', 'zero'));
    const summed = ends.map((p) => 0.5 * (p - start));
    const a = computeAdvantages(reached, 4, 'group').advantages;
    const b = computeAdvantages(summed, 4, 'group').advantages;
    a.forEach((x, i) => expect(x).toBeCloseTo(b[i], 12));
    expect(a[1]).toBeGreaterThan(0);
  });

  /** Steps `action` until the episode ends; the last step. */
  function until(env: Env, action: string): StepResult {
    let last = env.step(action);
    while (!(last.terminated || last.truncated)) last = env.step(action);
    return last;
  }
  const record = (r: StepResult) => ({ success: r.info.success, progress: r.info.progress, truncated: r.truncated });

  it('login: the username right then Login earns what the username right and running out of turns earns (0.225)', () => {
    const spec = getEnvSpec('login-user');
    const start = () => {
      const env = spec.create();
      env.reset({ seed: 11, options: { extras: 0 } });
      const fill = spec.expert(env); // the expert types the username first
      expect(fill).toMatch(/^fill\(\d+, "/);
      return { env, after: env.step(fill) };
    };
    const early = start();
    const login = /\[(\d+)\] button 'Login'/.exec(early.after.obs.text)![1];
    const ended = until(early.env, `click(${login})`);
    expect([ended.terminated, ended.info.success, ended.info.progress]).toEqual([true, false, 0.45]);
    const ranOut = until(start().env, 'click(99)'); // no such element: a wasted turn, until none are left
    expect([ranOut.truncated, ranOut.info.success, ranOut.info.progress]).toEqual([true, false, 0.45]);

    expect(episodeReward(record(ended), 'potential', 'zero')).toBeCloseTo(0.225, 12);
    expect(episodeReward(record(ranOut), 'potential', 'zero')).toBeCloseTo(0.225, 12);
    expect(episodeReward(record(ended), 'process', 'zero')).toBeCloseTo(0.225, 12);
    expect(episodeReward(record(ranOut), 'process', 'zero')).toBe(0);
  });
});
