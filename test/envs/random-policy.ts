// A seeded random policy that mostly sends well-formed actions naming real elements, for tests that explore states.

import type { EnvOptions, EnvSpec, Observation } from '../../src/envs/api';
import { quote } from '../../src/envs/action';
import type { Rng } from '../../src/core/rng';
import type { Split } from '../../src/envs/split';
import { NOUNS } from '../../src/envs/words';

export function randomValidAction(spec: EnvSpec, obs: Observation, rng: Rng): string {
  if (spec.id === 'grid-world') return `move(${rng.pick(['up', 'down', 'left', 'right'])})`;
  if (spec.id === 'card-battler') return rng.chance(0.2) ? 'end()' : `play(${rng.range(1, 6)})`;
  if (rng.chance(0.1)) return 'back()';
  const e = rng.pick(obs.elements);
  if (e.role === 'textbox') return `fill(${e.id}, ${quote(rng.pick(NOUNS))})`;
  if (e.role === 'combobox') {
    const options = obs.elements.filter((o) => o.role === 'option' && o.id > e.id);
    return options.length ? `select(${e.id}, ${quote(rng.pick(options).name)})` : `click(${e.id})`;
  }
  if (e.role === 'row' && rng.chance(0.5)) return `answer(${quote(e.name.split(' | ')[1] ?? e.name)})`;
  return e.role === 'checkbox' && rng.chance(0.5) ? `check(${e.id})` : `click(${e.id})`;
}

/** Where to start episodes that visit every level of a family on both splits, `perPair` each, seeds 0, 1, 2, ... */
export function* episodeStarts(spec: EnvSpec, perPair: number): Generator<{ seed: number; options: EnvOptions | undefined; split: Split }> {
  let seed = 0;
  for (const split of ['train', 'test'] as Split[]) {
    for (const options of spec.levels ?? [undefined]) for (let k = 0; k < perPair; k++) yield { seed: seed++, options, split };
  }
}
