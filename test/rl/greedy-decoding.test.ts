// Issue 15's card-battler finding, pinned: greedy evaluation stuck at 0 was the policy (it re-plays a card it cannot
// afford, a wasted turn that leaves the state unchanged, until the 200-turn limit), not the evaluation path. Greedy
// decoding (top-p 0) takes the argmax of the very distribution sampling draws from, grammar mask included, on real
// card-battler states of the test split, fights and reward picks alike.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import type { Observation } from '../../src/envs/api';
import { buildParts } from '../../src/rl/setup';
import { GREEDY_TOP_P } from '../../src/rl/evaluate';
import { envOptionsFor } from '../../src/rl/rollout';
import { tinyConfig } from './helpers';

/** Test-split states of card-battler level 1: each seed's start and the states the expert reaches in `moves` moves. */
function expertStates(spec: Awaited<ReturnType<typeof buildParts>>['spec'], seeds: number[], moves: number) {
  const out: { goal: string; obs: Observation }[] = [];
  for (const seed of seeds) {
    const env = spec.create();
    let { obs } = env.reset({ seed, options: envOptionsFor(spec, 1), split: 'test' });
    for (let m = 0; m < moves; m++) {
      out.push({ goal: env.goal, obs });
      const step = env.step(spec.expert(env));
      if (step.terminated || step.truncated) break;
      obs = step.obs;
    }
  }
  return out;
}

describe('greedy decoding on card-battler', () => {
  it('picks what a near-zero temperature samples, under the same grammar mask, at fights and reward picks', async () => {
    const parts = await buildParts(tinyConfig({ env: 'card-battler', difficulty: 1, bcSteps: 0, seed: 3 }));
    const { policy, io, spec } = parts;
    const states = expertStates(spec, [11, 12], 24); // (48) states: a fight's plays and end()s, then its reward pick
    const contexts = states.map((s) => io.prompt(s.goal, s.obs, []));
    const grammars = states.map((s, row) => io.allowed(s.goal, s.obs, contexts[row]));
    const decode = async (temperature: number, topP: number, stream: string) => {
      const gen = await policy.generate(
        contexts.map((c) => c.tokens),
        { temperature, topP, maxNewTokens: io.maxActionTokens, rng: Rng.fromSeed(5).split(stream), allowed: (row, soFar) => grammars[row](soFar) },
      );
      return gen.tokens.map((t, row) => io.decode(t, contexts[row]));
    };
    const greedy = await decode(1, GREEDY_TOP_P, 'greedy');
    expect(states.some((s) => /\] reward /.test(s.obs.text))).toBe(true);
    expect(new Set(greedy).size).toBeGreaterThan(1); // an untrained policy's argmax still depends on the state
    for (const action of greedy) expect(action).toMatch(/^(play\(\d+\)|end\(\)|pick\(\d+\))$/);
    expect(greedy).toEqual(await decode(1e-3, 1, 'cold'));
    expect(greedy).toEqual(await decode(1, GREEDY_TOP_P, 'another stream')); // no ties left to the stream
    policy.dispose();
  });
});
