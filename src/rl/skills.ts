// Skills as macro-actions for GRPO: with config.skills the trainer's env is withSkills(spec, library), the library
// being the one given (the page's) or one discovered from zero from the run's seed; skill(k) decodes to listed k only.

import type { Config } from '../core/config-table';
import type { EnvSpec, Observation } from '../envs/api';
import type { Tokenizer } from '../model/tokenizer';
import { discover } from '../skills/discovery';
import { SKILL_ACTION, macroSkills, withSkills } from '../skills/macro';
import type { Skill } from '../skills/types';
import { envOptionsFor } from './rollout';

/** Environment steps of discovery when no library is given (about half a second for a web task on one core). */
export const SKILL_BUDGET = 3000;

/** Skills in the action language: their listing must leave room for the goal and history in the tiny model's window. */
export const SKILL_MAX = 4;

/**
 * The env spec a run trains on and, with config.skills, the skills that are skill(0), skill(1), ... in order
 * (the checkpoint keeps them). Without a library, discovery runs from zero, seeded by config.seed, at the run's
 * difficulty and on its split, with config.skillSelect's rule: the same config always finds the same skills.
 */
export function trainingSpec(base: EnvSpec, config: Config, library?: readonly Skill[]): { spec: EnvSpec; skills?: Skill[] } {
  if (!config.skills) return { spec: base };
  const found = library ?? discover(base, { budget: SKILL_BUDGET, seed: config.seed, select: config.skillSelect, envOptions: envOptionsFor(base, config.difficulty), split: config.split, now: 0 }).skills;
  const skills = macroSkills(base, found, SKILL_MAX);
  return { spec: withSkills(base, skills), skills };
}

/**
 * Narrows an allowed-next-token function so that skill(k) only names a skill the observation lists (the action
 * grammar lets any int from 0 to 99 through), and the verb skill is not offered when none is listed.
 */
export function listedSkillsOnly(
  tok: Tokenizer,
  obs: Observation,
  allowed: (generated: readonly number[]) => number[],
): (generated: readonly number[]) => number[] {
  const verb = tok.encode(SKILL_ACTION.verb)[0];
  const open = tok.id('(');
  const listed = new Set([...obs.text.matchAll(/^skill\((\d+)\):/gm)].map((m) => tok.encode(m[1])[0]));
  return (g) => {
    const out = allowed(g);
    if (g.length === 0 && listed.size === 0) return out.filter((t) => t !== verb);
    if (g.length === 2 && g[0] === verb && g[1] === open) return out.filter((t) => listed.has(t));
    return out;
  };
}
