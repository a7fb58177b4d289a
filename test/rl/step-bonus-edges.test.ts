// stepAdvantages' bounds on G, by hand: groups of one episode (every step group is one episode's own turns, so no
// spread), and a G below 1 refused before any episode is read.
import { describe, expect, it } from 'vitest';
import type { EpisodeRecord } from '../../src/rl/rollout';
import { stepAdvantages } from '../../src/rl/step-bonus';

/** An episode whose turns end at these progress values. */
function played(progress: number[]): EpisodeRecord {
  const turns = progress.map((p) => ({ prompt: [], action: [], logp: [], entropy: [], text: '', progress: p }));
  return { task: 0, member: 0, seed: 1, goal: '', turns, success: false, progress: progress.at(-1) ?? 0, truncated: false, envReturn: 0 };
}

describe('stepAdvantages at the bounds of G', () => {
  const oneField = played([0.45, 0.45]); // states 0, 0.225
  const none = played([0, 0]); // states 0, 0

  it('G = 1: each episode is its own group, and a step group of one episode has no spread (all 0)', () => {
    expect(stepAdvantages([oneField, none], [0.225, 0], 1)).toEqual([[0, 0], [0, 0]]);
    // the same two episodes as one group of 2 do compare at potential 0
    const paired = stepAdvantages([oneField, none], [0.225, 0], 2);
    expect(paired[0][0]).toBeGreaterThan(0);
    expect(paired[1][0]).toBeLessThan(0);
  });

  it('a G below 1 is a RangeError, even one that divides the episode count', () => {
    expect(() => stepAdvantages([oneField], [0.225], 0.5)).toThrow(RangeError);
    expect(() => stepAdvantages([oneField], [0.225], 0.5)).toThrow(/1 episodes and 1 rewards do not split into groups of 0.5/);
    expect(() => stepAdvantages([], [], 0)).toThrow(RangeError);
  });
});
