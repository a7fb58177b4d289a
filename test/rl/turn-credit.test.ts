// turnCredit 'progress': each turn's own potential gain, centred on the group's turns at the same index and divided by
// the group's std of those differences. By hand on a login-like group, then through the trainer on the scripted
// stand-ins (PressOne: click(2) is refused at progress 0.4, click(1) wins), row by row in the batch the policy is given.
import { describe, expect, it } from 'vitest';
import { validateConfig, formatErrors } from '../../src/core/config';
import { ADV_EPS } from '../../src/rl/advantages';
import type { EpisodeRecord } from '../../src/rl/rollout';
import { Trainer } from '../../src/rl/trainer';
import { progressAdvantages, turnGains } from '../../src/rl/turn-credit';
import { config, parts } from './scripted';

/** An episode whose turns end at these progress values. */
function played(progress: (number | undefined)[], success: boolean, member = 0): EpisodeRecord {
  const turns = progress.map((p) => ({ prompt: [], action: [], logp: [], entropy: [], text: '', progress: p }));
  return { task: 0, member, seed: 1, goal: '', turns, success, progress: progress.at(-1) ?? 0, truncated: false, envReturn: 0 };
}

// login's progress: 0.45 per right field, 1 on success. Phi = 1 on success, else half the progress.
const logsIn = played([0.45, 0.9, 1], true); // gains 0.225, 0.225, 0.55
const oneFieldThenLogin = played([0.45, 0.45], false); // gains 0.225, 0
const nothingRight = played([0, 0, 0, 0], false); // gains 0, 0, 0, 0

describe('turnGains, by hand', () => {
  it('the potential gained by each turn: half the progress, 1 on the succeeding turn', () => {
    const g = turnGains(logsIn);
    [0.225, 0.225, 0.55].forEach((x, i) => expect(g[i]).toBeCloseTo(x, 12));
    expect(turnGains(oneFieldThenLogin)).toEqual([0.225, 0]);
    expect(turnGains(played([0.45, 0], false))).toEqual([0.225, -0.225]); // overwriting a right field loses it
  });

  it('a turn without recorded progress is an error that names the episode', () => {
    expect(() => turnGains({ ...played([0.45, undefined], false), task: 2, member: 5 })).toThrow(/turn 1 of episode 2\/5 has no recorded progress/);
  });
});

describe('progressAdvantages, by hand', () => {
  it('centres each turn on the same-index mean and divides by the group std of the differences', () => {
    // index 0: gains .225 .225 0, mean .15 -> .075 .075 -.15; index 1: .225 0 0 -> .15 -.075 -.075;
    // index 2: .55 (logsIn) and 0 (nothingRight), mean .275 -> .275 -.275; index 3: nothingRight alone -> 0
    const sq = 2 * 0.075 ** 2 + 0.15 ** 2 + 0.15 ** 2 + 2 * 0.075 ** 2 + 2 * 0.275 ** 2; // sum of squares; their mean is 0
    const std = Math.sqrt(sq / 8) + ADV_EPS; // nine differences, Bessel's correction
    const want = [
      [0.075, 0.15, 0.275],
      [0.075, -0.075],
      [-0.15, -0.075, -0.275, 0],
    ].map((row) => row.map((x) => x / std));
    const got = progressAdvantages([logsIn, oneFieldThenLogin, nothingRight], 3);
    got.forEach((row, i) => {
      expect(row).toHaveLength(want[i].length);
      row.forEach((x, t) => expect(x).toBeCloseTo(want[i][t], 9));
    });
  });

  it('groups are separate; a group whose turns all gain alike gets 0 throughout', () => {
    const alike = [played([0.45, 0.45], false), played([0.45, 0.45], false)];
    const spread = [played([0.45], false), played([0], false)];
    const got = progressAdvantages([...alike, ...spread], 2);
    expect(got.slice(0, 2)).toEqual([[0, 0], [0, 0]]);
    // one index, differences +-0.1125: sample std 0.1125 * sqrt(2)
    const std = 0.1125 * Math.SQRT2 + ADV_EPS;
    expect(got[2][0]).toBeCloseTo(0.1125 / std, 9);
    expect(got[3][0]).toBeCloseTo(-0.1125 / std, 9);
  });

  it('episodes that do not split into groups of G are a RangeError', () => {
    expect(() => progressAdvantages([logsIn, nothingRight, oneFieldThenLogin], 2)).toThrow(/3 episodes do not split into groups of 2/);
  });
});

describe("turnCredit through the trainer", () => {
  /** The first update's rows: [row advantage, the episode view's advantage] and the episodes as records. */
  async function firstUpdate(turnCredit: 'episode' | 'progress') {
    const p = parts();
    const trainer = await Trainer.create(config({ seed: 3, turnCredit, beta: 0.01 }), p);
    const r = await trainer.step();
    const { batch } = p.policy.batches[0];
    const records = r.episodes.map((e) => played(e.turns.map((t) => (t.error ? 0.4 : 1)), e.success, e.member));
    return { rows: Array.from(batch.advantage), episodeAdv: r.episodes.flatMap((e) => e.turns.map(() => e.advantage)), records };
  }

  it("'episode' (the default) leaves every row its episode advantage; 'progress' adds the turn's own", async () => {
    const c = validateConfig({});
    expect(c.ok && c.config.turnCredit).toBe('episode');
    const plain = await firstUpdate('episode');
    plain.rows.forEach((a, n) => expect(a).toBeCloseTo(plain.episodeAdv[n], 6));
    const credited = await firstUpdate('progress');
    expect(credited.episodeAdv).toEqual(plain.episodeAdv); // the same episodes, the same episode advantages
    const own = progressAdvantages(credited.records, config().group).flat();
    expect(own.some((x) => Math.abs(x) > 0.1)).toBe(true); // the batch holds turns that gained more than others
    credited.rows.forEach((a, n) => expect(a).toBeCloseTo(plain.episodeAdv[n] + own[n], 5));
  });

  it('a bad value is named in the message', () => {
    const r = validateConfig({ turnCredit: 'steps' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(formatErrors(r.errors)).toMatch(/^turnCredit='steps': .*episode.*progress/);
  });
});
