// The issues' acceptance tests on registered environments: discovery from zero on the train split within a stated
// budget gives a library with which the MCTS skill agent solves at least 80% of test-split tasks on seeds discovery
// never saw. Budget: 20,000 environment steps of discovery with the default selection rule (config skillSelect);
// MCTS with DEFAULT_PLAN (256 simulations of up to 8 skills per decision); flat random gets 256 rollouts of 16
// atomic actions per decision.

import { describe, expect, it } from 'vitest';
import type { EnvOptions } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import { discover } from '../../src/skills/discovery';
import { DEFAULT_PLAN, evaluateAgent, runMctsEpisode, runRandomEpisode } from '../../src/skills/mcts';
import { unseenSeeds } from '../../src/skills/seeds';

const BUDGET = 20_000;
const EVAL_EPISODES = 20;

function acceptance(envId: string, seed: number, flat: boolean, envOptions?: EnvOptions) {
  const spec = getEnvSpec(envId);
  const found = discover(spec, { budget: BUDGET, seed, envOptions, now: 0 });
  const seeds = unseenSeeds(seed, EVAL_EPISODES);
  expect(Math.min(...seeds)).toBeGreaterThan(found.seeds[1]);
  const which = { envOptions, split: 'test' as const };
  const mcts = evaluateAgent(seeds, (s) => runMctsEpisode(spec, found.skills, s, DEFAULT_PLAN, which));
  const random = flat ? evaluateAgent(seeds, (s) => runRandomEpisode(spec, s, DEFAULT_PLAN.simulations, 2 * DEFAULT_PLAN.depth, which)) : undefined;
  return { found, mcts, random };
}

// 300 s each: under 120 s on an idle 2-core machine (every idle fresh-clone run passed), but flight-booking
// took 148 s beside training and mutation runs (load 7-8), past the node project's 120 s, twice on 2026-12-02.
describe('discovery from zero on train, then MCTS on test tasks', { timeout: 300_000 }, () => {
  // Measured with these seeds (20 test tasks): grid-world 0.95-1.00, shop-checkout 1.00 (README: seeds 1-5).
  it('grid-world at its default level (a door, a box, 2 walls): at least 80% solved, with less lookahead than flat random', () => {
    const { found, mcts, random } = acceptance('grid-world', 1, true);
    expect(found.skills.some((s) => s.name.includes('pick up the key'))).toBe(true);
    expect(mcts.successRate).toBeGreaterThanOrEqual(0.8);
    expect(mcts.meanLookahead).toBeLessThan(random?.meanLookahead ?? 0);
  });

  it('shop-checkout (item, quantity, cart, address, payment): at least 80% solved', () => {
    const { found, mcts } = acceptance('shop-checkout', 2, false);
    expect(found.skills.map((s) => s.name)).toContain("open the Payment list then choose the goal's option");
    expect(mcts.successRate).toBeGreaterThanOrEqual(0.8);
  });

  it('flight-booking (multi-page: search, results, passenger): at least 80% solved, far above flat random', () => {
    const { found, mcts, random } = acceptance('flight-booking', 5, true);
    expect(found.skills.length).toBeGreaterThan(5);
    expect(mcts.successRate).toBeGreaterThanOrEqual(0.8);
    expect(mcts.successRate).toBeGreaterThan((random?.successRate ?? 1) + 0.3);
  });
});
