// The atomic action space at a state, as skill steps: every verb of the environment's action language with
// arguments drawn from the elements on the page, the goal's words, options of lists, and directions.

import type { ActionSignature, ArgKind, Observation, UiElement } from '../envs/api';
import type { Rng } from '../core/rng';
import { textRef } from './refs';
import type { SkillArg, SkillStep } from './types';

const NOT_CLICKABLE = new Set(['text', 'heading', 'status', 'row', 'cell', 'paragraph']);
const TARGET_ROLES: Record<string, ReadonlySet<string>> = {
  fill: new Set(['textbox', 'searchbox', 'combobox']),
  select: new Set(['combobox', 'listbox']),
  check: new Set(['checkbox']),
};
const DIRECTIONS = ['up', 'down', 'left', 'right'];
const SMALL_INTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

function targets(verb: string, elements: readonly UiElement[]): readonly UiElement[] {
  const roles = TARGET_ROLES[verb];
  if (roles) return elements.filter((e) => roles.has(e.role) && !e.state?.disabled);
  return elements.filter((e) => !NOT_CLICKABLE.has(e.role) && !e.state?.disabled);
}

/** The values one argument of a verb can take here. */
function choices(verb: string, kind: ArgKind, obs: Observation, words: readonly string[]): SkillArg[] {
  switch (kind) {
    case 'id':
      return targets(verb, obs.elements).map((e) => ({ kind: 'ref', role: e.role, name: textRef(e.name, words) }));
    case 'text': {
      const pool = verb === 'select' ? obs.elements.filter((e) => e.role === 'option').map((e) => e.name) : [...new Set(words)];
      return pool.map((t) => ({ kind: 'text', text: textRef(t, words) }));
    }
    case 'int':
      return SMALL_INTS.map((value) => ({ kind: 'int', value }));
    case 'dir':
      return DIRECTIONS.map((value) => ({ kind: 'dir', value }));
  }
}

/** A uniformly random verb among those with arguments available here, then random arguments; undefined when none. */
export function sampleAtomic(rng: Rng, actions: readonly ActionSignature[], obs: Observation, words: readonly string[]): SkillStep | undefined {
  const options = actions
    .map((sig) => ({ verb: sig.verb, args: sig.args.map((k) => choices(sig.verb, k, obs, words)) }))
    .filter((o) => o.args.every((c) => c.length > 0));
  if (options.length === 0) return undefined;
  const o = rng.pick(options);
  return { verb: o.verb, args: o.args.map((c) => rng.pick(c)) };
}
