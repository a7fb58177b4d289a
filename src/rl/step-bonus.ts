// Per-turn credit for adv 'step-bonus', after GiGPO's step-level groups (Feng et al. 2025, "Group-in-Group Policy
// Optimization for LLM Agent Training"): the turns of one GRPO group that act from the same state form a step group,
// and a turn is scored by what its episode went on to reach against the others acting from that state. Here a state
// is known by its potential (half the env's progress), what an episode reaches is its progress potential (reward
// 'potential'), and a turn keeps only the positive part, a bonus: a right field is pushed up even in a group where no
// episode succeeds, while ending early is never pushed down by it (with both signs, pressing Submit on a half-filled
// form was pushed down, and the policy stopped pressing it at all). Pure functions; a group is G episodes of one seed.

import type { EpisodeRecord } from './rollout';
import { ADV_EPS, episodeReward, sampleStd, type TruncationMode } from './advantages';

/** The potential of the state each turn acted from: 0 before the first turn, then half the progress the turn before
 * reached (the reset state is one state for a whole group: one task seed). */
export function statePotentials(e: EpisodeRecord): number[] {
  return e.turns.map((_, k) => {
    if (k === 0) return 0;
    const p = e.turns[k - 1].progress;
    if (p === undefined) throw new Error(`adv 'step-bonus': turn ${k - 1} of episode ${e.task}/${e.member} has no recorded progress (only the single-agent rollout records it)`);
    // Stryker disable next-line BooleanLiteral: reward 'potential' scores a truncated episode as any other (only 'process' reads it)
    return episodeReward({ success: false, progress: p, truncated: false }, 'potential', 'zero');
  });
}

/**
 * The step-level advantages of B groups of G episodes. Every turn of a group whose state has the same potential joins
 * one step group; a turn's advantage is its episode's reward (the return from any state of one potential, up to that
 * shared potential) minus the step group's mean, over the step group's sample std + ADV_EPS. A step group of one turn,
 * or whose rewards are all equal, gives 0.
 * @param episodes (B*G) group b at [b*G, (b+1)*G)
 * @param rewards (B*G) the episodes' rewards (the run's reward mode)
 * @returns (B*G) per episode, one advantage per turn
 */
export function stepAdvantages(episodes: readonly EpisodeRecord[], rewards: readonly number[], G: number): number[][] {
  if (G < 1 || episodes.length % G !== 0 || rewards.length !== episodes.length) {
    throw new RangeError(`stepAdvantages: ${episodes.length} episodes and ${rewards.length} rewards do not split into groups of ${G}`);
  }
  const states = episodes.map(statePotentials);
  const out: number[][] = states.map((s) => s.map(() => 0));
  for (let b = 0; b < episodes.length; b += G) {
    const steps = new Map<string, { i: number; t: number }[]>(); // potential -> the group's turns acting from it
    for (let i = b; i < b + G; i++) {
      states[i].forEach((phi, t) => {
        const key = phi.toFixed(9);
        const members = steps.get(key);
        if (members) members.push({ i, t });
        else steps.set(key, [{ i, t }]);
      });
    }
    for (const members of steps.values()) {
      const returns = members.map(({ i }) => rewards[i]);
      const std = sampleStd(returns);
      // Stryker disable next-line ConditionalExpression: std 0 means every return equals the mean (summed in the same order), so the division below gives 0 too
      if (std === 0) continue;
      const m = returns.reduce((a, x) => a + x, 0) / returns.length;
      members.forEach(({ i, t }) => (out[i][t] = (rewards[i] - m) / (std + ADV_EPS)));
    }
  }
  return out;
}

/**
 * adv 'step-bonus': each turn's bonus, the positive part of its step-level advantage with the episodes' progress
 * potentials (reward 'potential': 1 on success, else half the progress reached) as what they went on to reach.
 * @returns (B*G) per episode, one bonus (>= 0) per turn
 */
export function stepBonus(episodes: readonly EpisodeRecord[], G: number, truncation: TruncationMode): number[][] {
  const reached = episodes.map((e) => episodeReward(e, 'potential', truncation));
  return stepAdvantages(episodes, reached, G).map((turns) => turns.map((a) => Math.max(0, a)));
}
