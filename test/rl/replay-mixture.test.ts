// Replaying an episode from its seed and actions (src/rl/replay.ts), and the mixture spec's own fields, clones and
// cache (src/rl/mixture.ts), next to mixture.test.ts: each frame checked against the env stepped by hand.
import { describe, expect, it } from 'vitest';
import { maxLevel } from '../../src/envs/levels';
import { getEnvSpec } from '../../src/envs/registry';
import { mixtureSpec, runSpec } from '../../src/rl/mixture';
import { observationsBeforeActions, replayEpisode, type ReplayConfig } from '../../src/rl/replay';
import { envOptionsFor } from '../../src/rl/rollout';

const login: ReplayConfig = { env: 'login-user', families: [], difficulty: 1, split: 'test' };

/** The env of `c` reset on `seed` as a replay would, and its expert's first `n` actions. */
function byHand(c: ReplayConfig, seed: number, level = c.difficulty) {
  const spec = getEnvSpec(c.env);
  const env = spec.create();
  const first = env.reset({ seed, options: envOptionsFor(spec, level), split: c.split });
  return { spec, env, first };
}

describe('replayEpisode', () => {
  it('gives frame 0 after reset and one frame per action, each with what the env said and a clone of it', () => {
    const { spec, env, first } = byHand(login, 5);
    const actions = [spec.expert(env), 'click(999)'];
    const frames = replayEpisode(login, 5, actions);
    expect(frames).toHaveLength(3);
    expect(frames[0].obs.text).toBe(first.obs.text);
    expect(frames[0].action).toBeUndefined();
    expect(frames[0].result).toBeUndefined();
    const r1 = env.step(actions[0]);
    const r2 = env.step(actions[1]);
    expect(frames[1]).toMatchObject({ action: actions[0], obs: { text: r1.obs.text }, result: { reward: r1.reward, terminated: false, truncated: false, success: false } });
    expect(frames[1].result && 'error' in frames[1].result).toBe(false);
    expect(frames[2].result).toEqual({ reward: r2.reward, terminated: r2.terminated, truncated: r2.truncated, success: false, error: r2.info.lastActionError });
    expect(r2.info.lastActionError).toMatch(/999/);
    // Each frame's env is its own: stepping frame 1's leaves frame 2's as it was.
    frames[1].env.step(actions[1]);
    expect(frames[2].env.step('click(999)').obs.text).toBe(env.step('click(999)').obs.text);
  });

  it('stops at the end of the episode and plays at config.level when given', () => {
    const c: ReplayConfig = { env: 'click-button', families: [], difficulty: 0, split: 'train' };
    const { spec, env } = byHand(c, 3, 2);
    const win = spec.expert(env);
    const frames = replayEpisode({ ...c, level: 2 }, 3, [win, win, win]);
    expect(frames).toHaveLength(2);
    expect(frames[1].result).toMatchObject({ terminated: true, success: true });
    expect(frames[0].obs.text).toBe(byHand(c, 3, 2).first.obs.text);
    expect(frames[0].obs.text).not.toBe(byHand(c, 3, 0).first.obs.text);
    expect(observationsBeforeActions({ ...c, level: 2 }, 3, [win])).toEqual([byHand(c, 3, 2).first.obs.text]);
    expect(observationsBeforeActions(login, 5, ['click(999)', 'click(998)'])).toEqual(replayEpisode(login, 5, ['click(999)', 'click(998)']).slice(0, 2).map((f) => f.obs.text));
  });
});

describe('mixtureSpec', () => {
  const specs = [getEnvSpec('click-button'), getEnvSpec('login-user')];

  it('names its families and takes the longest episode and the most levels of them', () => {
    const mix = mixtureSpec(specs);
    expect(mix.id).toBe('mix(click-button,login-user)');
    expect(mix.family).toBe('mix');
    expect(mix.suite).toBe('web');
    expect(mix.description).toBe('One task of 2 web families per episode: click-button, login-user.');
    expect(mix.maxTurns).toBe(Math.max(...specs.map((s) => s.maxTurns)));
    const top = Math.max(...specs.map(maxLevel));
    expect(mix.levels).toEqual(Array.from({ length: top + 1 }, (_, level) => ({ level })));
    expect(mix.options).toEqual([{ name: 'level', doc: "Each family's level (past its last: its last).", kind: 'int', default: 0, min: 0, max: top }]);
    expect(() => mixtureSpec([specs[0]])).toThrow('families: a mixture needs at least two families, got 1');
    // click-button's last level is 4, enter-password's 2: the mixture has five.
    const uneven = mixtureSpec([getEnvSpec('enter-password'), getEnvSpec('click-button')]);
    expect(uneven.levels).toHaveLength(5);
    expect(uneven.options[0].max).toBe(4);
  });

  it("an env reads its family's goal and turns, and clones into an independent copy", () => {
    const env = mixtureSpec(specs).create();
    expect(env.id).toBe('mix');
    env.reset({ seed: 11, options: { level: 0 } });
    const copy = env.clone();
    expect(copy.goal).toBe(env.goal);
    expect(copy.maxTurns).toBe(env.maxTurns);
    expect(specs.map((s) => s.maxTurns)).toContain(env.maxTurns);
    const a = copy.step('click(999)');
    expect(a.info.turn).toBe(1);
    expect(env.step('click(999)').info.turn).toBe(1); // the original had not moved
  });

  it("a run's spec: env alone without families, one cached mixture per family list", () => {
    expect(runSpec({ env: 'login-user', families: [] })).toBe(getEnvSpec('login-user'));
    const a = runSpec({ env: 'click-button', families: ['click-button', 'login-user'] });
    expect(a.id).toBe('mix(click-button,login-user)');
    expect(runSpec({ env: 'login-user', families: ['click-button', 'login-user'] })).toBe(a);
  });
});
