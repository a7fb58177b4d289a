// adv 'turn-gain': each turn adds TURN_GAIN_SCALE x its own change in progress, both signs, to its episode's GRPO
// advantage. By hand on login-like episodes (0.45 a right field), then through the trainer on the scripted stand-ins,
// row by row in the batch the policy is given, and the config's refusal for a team.
import { describe, expect, it } from 'vitest';
import { validateConfig, formatErrors } from '../../src/core/config';
import { TURN_GAIN_SCALE, turnGain } from '../../src/rl/turn-gain';
import { firstUpdate, played } from './per-turn';

describe('turnGain, by hand', () => {
  it('is 2 per unit of progress', () => expect(TURN_GAIN_SCALE).toBe(2));

  it('credits each turn with what it changed: a right field +0.9, the field overwritten -0.9, a turn that changes nothing 0', () => {
    const [logsIn, rightThenOverwritten, nothing] = turnGain([played([0.45, 0.9, 1], true), played([0.45, 0, 0], false), played([0, 0], false)]);
    expect(logsIn[0]).toBeCloseTo(0.9, 12);
    expect(logsIn[1]).toBeCloseTo(0.9, 12);
    expect(logsIn[2]).toBeCloseTo(0.2, 12);
    expect(rightThenOverwritten).toEqual([0.9, -0.9, 0]);
    expect(nothing).toEqual([0, 0]);
  });

  it('the first turn counts from 0 (the reset state)', () => {
    expect(turnGain([played([0.3], false)])).toEqual([[0.6]]);
  });

  it('a turn without recorded progress is an error that names the episode', () => {
    expect(() => turnGain([played([undefined, 0.45], false, 5, 2)])).toThrow("adv 'turn-gain': episode 2/5 has a turn with no recorded progress (only the single-agent rollout records it)");
    expect(() => turnGain([played([0.45, undefined], false, 1, 3)])).toThrow(/episode 3\/1 has a turn/);
    expect(() => turnGain([played([undefined], false)])).toThrow(/episode 0\/0/);
  });
});

describe("adv 'turn-gain' through the trainer", () => {
  it("has GRPO's episode level and adds each turn's own change in progress", async () => {
    const plain = await firstUpdate('group');
    const credited = await firstUpdate('turn-gain');
    expect(credited.episodeAdv).toEqual(plain.episodeAdv);
    const own = turnGain(credited.records).flat();
    expect(own.some((x) => x !== 0)).toBe(true);
    credited.rows.forEach((a, n) => expect(a).toBeCloseTo(plain.episodeAdv[n] + own[n], 5));
  });

  it('a team workflow is refused with the reason: only the single-agent rollout records progress per turn', () => {
    const r = validateConfig({ adv: 'turn-gain', workflow: 'debate' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(formatErrors(r.errors)).toBe("adv='turn-gain': turn-gain reads each turn's progress, which only a single agent's rollout records (workflow = single)");
    expect(validateConfig({ adv: 'turn-gain', workflow: 'single' }).ok).toBe(true);
  });
});
