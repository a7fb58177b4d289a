// Central reward allocation: each mode against hand-computed values on a small episode set, and the proposal score.
import { describe, expect, it } from 'vitest';
import { allocate, proposalScore, type AgentOutputs, type AllocMode, type TeamOutcome } from '../../src/multi/allocate';

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
//  quality:     p: mean of last rounds (0.5+1)/2 = 0.75, 0, 0.4; agg: (0.5+1)/2 = 0.75, 0, 0.3; plan: team reward
//  margin:      p: mean(last - first) = ((0.5-0)+(1-0.5))/2 = 0.5, 0-1 = -1, 0.4-0.2 = 0.2
//               agg: mean(score - read) = ((0.5-0.25)+(1-0.75))/2 = 0.25, 0-0.5 = -0.5, 0.3-0.1 = 0.2; plan: team reward
//  conditional: quality when the team succeeded, else 0: p 0.75, 0, 0; agg 0.75, 0, 0; plan 1, 0, 0
const expected: Record<AllocMode, Record<string, number[]>> = {
  shared: { p: [1, 0, 0.3], agg: [1, 0, 0.3], plan: [1, 0, 0.3] },
  quality: { p: [0.75, 0, 0.4], agg: [0.75, 0, 0.3], plan: [1, 0, 0.3] },
  margin: { p: [0.5, -1, 0.2], agg: [0.25, -0.5, 0.2], plan: [1, 0, 0.3] },
  conditional: { p: [0.75, 0, 0], agg: [0.75, 0, 0], plan: [1, 0, 0] },
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

  it('a single-round proposer has no previous round: margin falls back to the team reward', () => {
    expect(allocate('margin', { reward: 0.3, success: false }, { scores: [[1]], inputs: [] })).toBe(0.3);
  });

  it('scores a proposal: success 1, a bad action 0, else half the progress', () => {
    expect(proposalScore({ success: true, progress: 1 })).toBe(1);
    expect(proposalScore({ success: false, progress: 0.6, error: 'no element 9' })).toBe(0);
    expect(proposalScore({ success: false, progress: 0.6 })).toBeCloseTo(0.3, 12);
  });
});
