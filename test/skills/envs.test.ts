// The acceptance test on registered environments: discovery from zero within a stated budget gives a
// library with which the MCTS skill agent solves at least 80% of seeds discovery never saw, and beats flat
// random exploration. Budget: 20,000 environment steps of discovery; MCTS with DEFAULT_PLAN (64 simulations
// of up to 4 skills per decision); flat random gets 64 rollouts of 8 atomic actions per decision.

import { describe, expect, it } from 'vitest';
import type { EnvOptions } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import { discover } from '../../src/skills/discovery';
import { DEFAULT_PLAN, evaluateAgent, runMctsEpisode, runRandomEpisode } from '../../src/skills/mcts';
import { unseenSeeds } from '../../src/skills/seeds';

const BUDGET = 20_000;
const EVAL_EPISODES = 30;

function acceptance(envId: string, seed: number, envOptions?: EnvOptions) {
  const spec = getEnvSpec(envId);
  const found = discover(spec, { budget: BUDGET, seed, envOptions, now: 0 });
  const seeds = unseenSeeds(seed, EVAL_EPISODES);
  expect(Math.min(...seeds)).toBeGreaterThan(found.seeds[1]);
  const mcts = evaluateAgent(seeds, (s) => runMctsEpisode(spec, found.skills, s, DEFAULT_PLAN, envOptions));
  const flat = evaluateAgent(seeds, (s) => runRandomEpisode(spec, s, DEFAULT_PLAN.simulations, 2 * DEFAULT_PLAN.depth, envOptions));
  return { found, mcts, flat };
}

describe('discovery from zero, then MCTS on unseen seeds', () => {
  it('grid-world (level 0: key and door): at least 80% solved', () => {
    const { found, mcts, flat } = acceptance('grid-world', 5, getEnvSpec('grid-world').levels?.[0]);
    expect(found.skills.some((s) => s.name.includes('pick up the key'))).toBe(true);
    expect(mcts.successRate).toBeGreaterThanOrEqual(0.8);
    expect(mcts.meanLookahead).toBeLessThan(flat.meanLookahead);
  });

  it('flight-booking (multi-page: search, results, passenger): at least 80% solved, far above flat random', () => {
    const { found, mcts, flat } = acceptance('flight-booking', 5);
    expect(found.skills.length).toBeGreaterThan(5);
    expect(mcts.successRate).toBeGreaterThanOrEqual(0.8);
    expect(mcts.successRate).toBeGreaterThan(flat.successRate + 0.3);
  });
});
