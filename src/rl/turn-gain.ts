// Per-turn credit for adv 'turn-gain': each turn adds what it changed in the env's progress, both signs, to its
// episode's GRPO advantage. It is potential-based shaping (Ng et al. 1999) credited to the turn that earned it
// (discount 0) rather than summed over the episode, where it telescopes to the end's progress: on login a first fill
// moved to the right box is pushed up and the second fill that overwrites it pushed down, though the episode ends
// with no progress and its group has no spread (where adv 'step-bonus', scoring a turn by what its episode reached,
// gives nothing). A turn that ends the episode early changes no progress, so it is never pushed down by it. Pure.

import type { EpisodeRecord } from './rollout';

/** A turn's credit per unit of progress it adds: a right login field (0.45) earns 0.9, about one group-normalised
 * advantage (measured on login at 2; 2026-12-03). */
export const TURN_GAIN_SCALE = 2;

/**
 * adv 'turn-gain': per episode, each turn's credit TURN_GAIN_SCALE x (its progress - the progress before it; 0
 * before the first turn).
 * @returns (B*G) per episode, one credit per turn
 */
export function turnGain(episodes: readonly EpisodeRecord[]): number[][] {
  return episodes.map((e) => {
    let before = 0;
    return e.turns.map((t) => {
      if (t.progress === undefined) {
        throw new Error(`adv 'turn-gain': episode ${e.task}/${e.member} has a turn with no recorded progress (only the single-agent rollout records it)`);
      }
      const gain = TURN_GAIN_SCALE * (t.progress - before);
      before = t.progress;
      return gain;
    });
  });
}
