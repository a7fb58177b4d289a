// The page model's memory changes nothing anyone sees: along seeded mixed rollouts of every web family (one env
// reused across episodes, so elements, lines and texts are taken over between steps and episodes), each observation
// equals the same state drawn on a fresh page with no memory, and an observation read only several steps later
// still reads as its own elements.

import { describe, expect, it } from 'vitest';
import type { Observation, ResetResult, StepResult } from '../../src/envs/api';
import { renderElements } from '../../src/envs/observation';
import { ENV_SPECS } from '../../src/envs/registry';
import { WebEnv } from '../../src/envs/web/page';
import { Rng } from '../../src/core/rng';
import { episodeStarts, randomValidAction } from './random-policy';

const SEEDS = 4;
/** How many steps an observation is held before its text is first read. */
const LATE = 3;

/** The current state drawn again on a fresh page model (a clone starts with no memory). */
function fresh(env: WebEnv<unknown>): Observation {
  const page = env.clone().current();
  return { elements: page.elements, text: renderElements(page.elements) };
}

describe('page memory', () => {
  for (const spec of ENV_SPECS.filter((s) => s.suite === 'web')) {
    it(`${spec.id}: every observation reads as its state drawn afresh, whenever it is read`, () => {
      const env = spec.create() as WebEnv<unknown>;
      for (const start of episodeStarts(spec, SEEDS)) {
        const rng = Rng.fromSeed(start.seed).split('page-memory');
        const held: Observation[] = [];
        let r: ResetResult | StepResult = env.reset(start);
        for (let t = 0; ; t++) {
          // Every other observation is read at once; the rest only LATE steps on, after later drawings.
          if (t % 2 === 0) {
            const want = fresh(env);
            expect(r.obs.text).toBe(want.text);
            expect(JSON.stringify(r.obs.elements)).toBe(JSON.stringify(want.elements));
          } else {
            held.push(r.obs);
          }
          if (held.length > LATE) {
            const obs = held.shift() as Observation;
            expect(obs.text).toBe(renderElements(obs.elements));
          }
          if (t > 0 && ((r as StepResult).terminated || (r as StepResult).truncated)) break;
          r = env.step(rng.chance(0.5) ? spec.expert(env) : randomValidAction(spec, r.obs, rng));
        }
        for (const obs of held) expect(obs.text).toBe(renderElements(obs.elements));
      }
    });
  }
});
