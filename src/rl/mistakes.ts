// Demonstrations that show a mistake and its recovery (config.bcMistakes): before some expert turns, the
// demonstration first takes an action the env refuses (a card it cannot afford, a choice that is not there), so
// that the next observation carries the error and the expert's following action shows what to do after one. The
// refused turn stays in the episode's context but is never a cross-entropy target (Demonstrations drops it).

import type { Rng } from '../core/rng';
import type { Env, EnvSpec, Observation } from '../envs/api';

/**
 * Every action of the grammar the env would refuse in its current state, in a fixed order: each argument-free verb,
 * and each verb of one id or int argument on every element number of the page (1..n). Tried on clones; `env` itself
 * is not touched. Verbs with text or direction arguments are not tried.
 */
export function refusedActions(spec: EnvSpec, env: Env, obs: Observation): string[] {
  const candidates: string[] = [];
  for (const sig of spec.actions) {
    if (sig.args.length === 0) candidates.push(`${sig.verb}()`);
    else if (sig.args.length === 1 && (sig.args[0] === 'id' || sig.args[0] === 'int')) for (let id = 1; id <= obs.elements.length; id++) candidates.push(`${sig.verb}(${id})`);
  }
  return candidates.filter((action) => env.clone().step(action).info.lastActionError !== undefined);
}

/** One of `refused` (non-empty): a verb first, uniformly among the verbs in it, then one of that verb's actions. */
export function pickMistake(refused: readonly string[], rng: Rng): string {
  const verbOf = (action: string) => action.slice(0, action.indexOf('('));
  const verb = rng.pick([...new Set(refused.map(verbOf))]);
  return rng.pick(refused.filter((a) => verbOf(a) === verb));
}
