// adv 'step-bonus' (after GiGPO's step-level groups): a turn's episode reward against the group's turns that acted
// from a state of the same potential, the positive part of it with the progress potential as the reward. By hand on a
// login-like group, then through the trainer on the scripted stand-ins (PressOne: click(2) is refused at progress
// 0.4, click(1) wins), row by row in the batch the policy is given.
import { describe, expect, it } from 'vitest';
import { validateConfig, formatErrors } from '../../src/core/config';
import { ADV_EPS } from '../../src/rl/advantages';
import { stepAdvantages, stepBonus, statePotentials } from '../../src/rl/step-bonus';
import { config } from './scripted';
import { firstUpdate, played } from './per-turn';

// login's progress: 0.45 per right field, 1 on success; the potential is half the progress.
const logsIn = played([0.45, 0.9, 1], true); // reward 1; states 0, 0.225, 0.45
const oneFieldThenLogin = played([0.45, 0.45], false); // reward 0.225; states 0, 0.225
const nothingRight = played([0, 0, 0, 0], false); // reward 0; states 0, 0, 0, 0
const REWARDS = [1, 0.225, 0];

describe('statePotentials, by hand', () => {
  it('0 before the first turn, then half the progress the turn before reached', () => {
    expect(statePotentials(logsIn)).toEqual([0, 0.225, 0.45]);
    expect(statePotentials(played([0.45, 0, 0.45], false))).toEqual([0, 0.225, 0]); // overwriting a right field loses it
  });

  it('a turn without recorded progress is an error that names the episode', () => {
    expect(() => statePotentials({ ...played([undefined, 0.45], false), task: 2, member: 5 })).toThrow(/turn 0 of episode 2\/5 has no recorded progress/);
  });
});

describe('stepAdvantages, by hand', () => {
  const sampleStd = (xs: number[]) => {
    const m = xs.reduce((a, x) => a + x, 0) / xs.length;
    return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
  };

  it("a turn's episode reward against the turns of its group that acted from a state of the same potential", () => {
    // potential 0: logsIn t0, oneFieldThenLogin t0 and nothingRight t0-t3, returns 1, 0.225, 0, 0, 0, 0
    const empty = [1, 0.225, 0, 0, 0, 0];
    const m0 = 1.225 / 6;
    const s0 = sampleStd(empty) + ADV_EPS;
    // potential 0.225: logsIn t1 (1) and oneFieldThenLogin t1 (0.225): the second field beats pressing Login
    const s1 = 0.775 / Math.SQRT2 + ADV_EPS;
    const want = [
      [(1 - m0) / s0, 0.3875 / s1, 0], // potential 0.45: logsIn alone, no step group to compare with
      [(0.225 - m0) / s0, -0.3875 / s1],
      [-m0 / s0, -m0 / s0, -m0 / s0, -m0 / s0],
    ];
    const got = stepAdvantages([logsIn, oneFieldThenLogin, nothingRight], REWARDS, 3);
    got.forEach((row, i) => {
      expect(row).toHaveLength(want[i].length);
      row.forEach((x, t) => expect(x).toBeCloseTo(want[i][t], 9));
    });
    expect(got[1][1]).toBeLessThan(0); // Login with one field right, against the field that led on to success
  });

  it('groups are separate; a step group whose returns are all equal gives 0', () => {
    const alike = [played([0.45, 0.45], false), played([0.45, 0.45], false)];
    const spread = [played([0.45], false), played([0], false)];
    const got = stepAdvantages([...alike, ...spread], [0.225, 0.225, 0.225, 0], 2);
    expect(got.slice(0, 2)).toEqual([[0, 0], [0, 0]]);
    // one step group (potential 0), returns 0.225 and 0: +-0.1125 over the sample std 0.1125 * sqrt(2)
    const std = 0.1125 * Math.SQRT2 + ADV_EPS;
    expect(got[2][0]).toBeCloseTo(0.1125 / std, 9);
    expect(got[3][0]).toBeCloseTo(-0.1125 / std, 9);
  });

  it('episodes that do not split into groups of G, or a reward count that differs, are a RangeError', () => {
    expect(() => stepAdvantages([logsIn, nothingRight, oneFieldThenLogin], REWARDS, 2)).toThrow(/3 episodes and 3 rewards do not split into groups of 2/);
    expect(() => stepAdvantages([logsIn, nothingRight], REWARDS, 2)).toThrow(/2 episodes and 3 rewards/);
  });
});

describe('stepBonus, by hand', () => {
  it("the positive part of the step-level advantages with the episodes' progress potentials as their rewards", () => {
    const episodes = [logsIn, oneFieldThenLogin, nothingRight];
    const full = stepAdvantages(episodes, REWARDS, 3); // the potentials are REWARDS: 1 (success), 0.225, 0
    const got = stepBonus(episodes, 3, 'zero');
    expect(got).toEqual(full.map((turns) => turns.map((a) => Math.max(0, a))));
    expect(got[0][0]).toBeGreaterThan(0); // the first right field, in an episode that went on to succeed
    expect(got[1][0]).toBeGreaterThan(0); // a right field pays even though its episode failed (0.225 over the mean)
    expect(got[1][1]).toBe(0); // Login with one field right: not pushed down
    expect(got[2]).toEqual([0, 0, 0, 0]);
  });

  it('pays an episode that ran out of turns its progress too (reward potential under truncation zero)', () => {
    const ranOut = { ...played([0.45], false), truncated: true };
    const got = stepBonus([ranOut, played([0], false)], 2, 'zero');
    expect(got[0][0]).toBeGreaterThan(0);
    expect(got[1][0]).toBe(0);
  });
});

describe("adv 'step-bonus' through the trainer", () => {
  it("'group' (the default) leaves every row its episode advantage; 'step-bonus' has the same episode level and adds the bonus", async () => {
    const c = validateConfig({});
    expect(c.ok && c.config.adv).toBe('group');
    const plain = await firstUpdate('group');
    plain.rows.forEach((a, n) => expect(a).toBeCloseTo(plain.episodeAdv[n], 6));
    const credited = await firstUpdate('step-bonus');
    expect(credited.episodeAdv).toEqual(plain.episodeAdv); // the same episodes, the same episode advantages
    expect(plain.episodeAdv.some((a) => a !== 0)).toBe(true);
    const own = stepBonus(credited.records, config().group, 'zero').flat();
    expect(own.some((x) => x > 0.1)).toBe(true); // the batch holds step groups with a spread
    credited.rows.forEach((a, n) => expect(a).toBeCloseTo(plain.episodeAdv[n] + own[n], 5));
  });

  it('a team workflow is refused with the reason: only the single-agent rollout records progress per turn', () => {
    const r = validateConfig({ adv: 'step-bonus', workflow: 'chain' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(formatErrors(r.errors)).toBe("adv='step-bonus': step-bonus reads each turn's progress, which only a single agent's rollout records (workflow = single)");
    expect(validateConfig({ adv: 'step-bonus', workflow: 'single' }).ok).toBe(true);
  });

  it('a bad value is named in the message', () => {
    const r = validateConfig({ adv: 'steps' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(formatErrors(r.errors)).toMatch(/^adv='steps': .*rloo.*step-bonus/);
  });
});
