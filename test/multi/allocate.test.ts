// Central reward allocation: each mode against hand-computed values on a small episode set, and the proposal score.
import { describe, expect, it } from 'vitest';
import { allocate, martiShaped, proposalScore, type AgentOutputs, type AllocMode, type TeamOutcome } from '../../src/multi/allocate';

// Three team episodes of a two-turn debate (2 rounds) with an aggregator and a planner:
//   scores[turn][round] of proposer p, the aggregator's scores and what it read, and the planner (no actions).
const episodes: { team: TeamOutcome; agents: Record<string, AgentOutputs> }[] = [
  {
    team: { reward: 1, success: true },
    agents: {
      p: { scores: [[0, 0.5], [0.5, 1]], inputs: [] },
      agg: { scores: [[0.5], [1]], inputs: [0.25, 0.75] },
      plan: { scores: [], inputs: [] },
    },
  },
  {
    team: { reward: 0, success: false },
    agents: {
      p: { scores: [[1, 0]], inputs: [] },
      agg: { scores: [[0]], inputs: [0.5] },
      plan: { scores: [], inputs: [] },
    },
  },
  {
    team: { reward: 0.3, success: false }, // process reward: a near miss
    agents: {
      p: { scores: [[0.2, 0.4]], inputs: [] },
      agg: { scores: [[0.3]], inputs: [0.1] },
      plan: { scores: [], inputs: [] },
    },
  },
];

// By hand:
//  shared:      everyone gets the team reward: 1, 0, 0.3
//  own:         p: mean of last rounds (0.5+1)/2 = 0.75, 0, 0.4; agg: (0.5+1)/2 = 0.75, 0, 0.3; plan: team reward
//  gain:        p: mean(last - first) = ((0.5-0)+(1-0.5))/2 = 0.5, 0-1 = -1, 0.4-0.2 = 0.2
//               agg: mean(score - read) = ((0.5-0.25)+(1-0.75))/2 = 0.25, 0-0.5 = -0.5, 0.3-0.1 = 0.2; plan: team reward
//  own-if-won:  own when the team succeeded, else 0: p 0.75, 0, 0; agg 0.75, 0, 0; plan 1, 0, 0
//  MARTI (alpha 0.5): each answer's R shaped with Q, the mean of the agent's earlier rounds (a debater) or what it read
//  (the aggregator); a first-round answer keeps its raw R; the agent's reward is the mean over its answers.
//   marti-quality R + 0.5 (QR - (1-Q)(1-R)):
//     p, episode 0: answers 0 (raw), R .5 Q 0 -> .5 + .5(0 - .5) = .25, .5 (raw), R 1 Q .5 -> 1 + .5(.5 - 0) = 1.25;
//                   mean (0 + .25 + .5 + 1.25) / 4 = .5
//     p, episode 1: 1 (raw), R 0 Q 1 -> 0 + .5(0 - 0) = 0; mean .5.   episode 2: .2, R .4 Q .2 -> .4 + .5(.08 - .48) = .2; mean .2
//     agg: R .5 Q .25 -> .5 + .5(.125 - .375) = .375 and R 1 Q .75 -> 1 + .5(.75 - 0) = 1.375, mean .875;
//          R 0 Q .5 -> 0 + .5(0 - .5) = -.25;  R .3 Q .1 -> .3 + .5(.03 - .63) = 0
//   marti-margin R + 0.5 (R - Q):
//     p: (0 + .75 + .5 + 1.25) / 4 = .625;  (1 + (0 - .5)) / 2 = .25;  (.2 + .5) / 2 = .35
//     agg: (.625 + 1.125) / 2 = .875;  -.25;  .3 + .5(.2) = .4
//   a planner (no scored answer) gets the team reward under both.
const expected: Record<AllocMode, Record<string, number[]>> = {
  shared: { p: [1, 0, 0.3], agg: [1, 0, 0.3], plan: [1, 0, 0.3] },
  own: { p: [0.75, 0, 0.4], agg: [0.75, 0, 0.3], plan: [1, 0, 0.3] },
  gain: { p: [0.5, -1, 0.2], agg: [0.25, -0.5, 0.2], plan: [1, 0, 0.3] },
  'own-if-won': { p: [0.75, 0, 0], agg: [0.75, 0, 0], plan: [1, 0, 0] },
  'marti-quality': { p: [0.5, 0.5, 0.2], agg: [0.875, -0.25, 0], plan: [1, 0, 0.3] },
  'marti-margin': { p: [0.625, 0.25, 0.35], agg: [0.875, -0.25, 0.4], plan: [1, 0, 0.3] },
};

describe('reward allocation', () => {
  for (const mode of Object.keys(expected) as AllocMode[]) {
    it(`${mode}: matches the hand-computed rewards`, () => {
      for (const [name, want] of Object.entries(expected[mode])) {
        const got = episodes.map((e) => allocate(mode, e.team, e.agents[name]));
        got.forEach((g, i) => expect(g, `${mode} ${name} episode ${i}`).toBeCloseTo(want[i], 12));
      }
    });
  }

  it('a single-round proposer has no previous round: gain falls back to the team reward', () => {
    expect(allocate('gain', { reward: 0.3, success: false }, { scores: [[1]], inputs: [] })).toBe(0.3);
  });

  it("MARTI's shaping formulas, by hand", () => {
    // quality: R + a (QR - (1-Q)(1-R))
    expect(martiShaped('marti-quality', 1, 1, 0.5)).toBeCloseTo(1.5, 12); // 1 + .5 (1 - 0)
    expect(martiShaped('marti-quality', 0, 0, 0.5)).toBeCloseTo(-0.5, 12); // 0 + .5 (0 - 1)
    expect(martiShaped('marti-quality', 0.6, 0.3, 2)).toBeCloseTo(0.6 + 2 * (0.18 - 0.7 * 0.4), 12);
    // margin: R + a (R - Q)
    expect(martiShaped('marti-margin', 0.2, 0.6, 1)).toBeCloseTo(-0.2, 12);
    expect(martiShaped('marti-margin', 1, 0.25, 0.5)).toBeCloseTo(1.375, 12);
  });

  it('alpha weights the shaping: 0 leaves the raw scores, a larger alpha moves them further', () => {
    const debater: AgentOutputs = { scores: [[0, 1]], inputs: [] };
    const team = { reward: 1, success: true };
    expect(allocate('marti-margin', team, debater, 0)).toBeCloseTo(0.5, 12); // mean of raw 0 and 1
    expect(allocate('marti-margin', team, debater, 1)).toBeCloseTo((0 + 1 + 1 * (1 - 0)) / 2, 12);
    expect(allocate('marti-quality', team, debater, 1)).toBeCloseTo((0 + 1 + 1 * (0 * 1 - 1 * 0)) / 2, 12);
  });

  it('scores a proposal: success 1, a bad action 0, else half the progress', () => {
    expect(proposalScore({ success: true, progress: 1 })).toBe(1);
    expect(proposalScore({ success: false, progress: 0.6, error: 'no element 9' })).toBe(0);
    expect(proposalScore({ success: false, progress: 0.6 })).toBeCloseTo(0.3, 12);
  });
});
