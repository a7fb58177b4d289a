// Per-turn credit for adv 'gigpo': the step level of GiGPO (Feng et al. 2025, "Group-in-Group
// Policy Optimization for LLM Agent Training"): turns of one GRPO group that act from the same state form a step group,
// and a turn is credited for what its episode went on to reach against the others acting from that state. The state
// is known here by its potential (the episode's reward had it ended there: half the env's progress), so a turn after
// a right field is compared with the other turns after one right field, not with turns from the empty form: an
// episode-level reward credits every turn of an attempt alike (a right field and the wrong Login click after it), and
// a reward to go against one baseline for the whole group pushed every turn after a right field down (less was left
// to gain). Pure functions; a group is G episodes of one task seed.

import type { EpisodeRecord } from './rollout';
import { ADV_EPS, episodeReward, sampleStd } from './advantages';

/** The potential of the state each turn acted from: 0 before the first turn, then half the progress the turn before
 * reached (the reset state is one state for a whole group: one task seed). */
export function statePotentials(e: EpisodeRecord): number[] {
  return e.turns.map((_, k) => {
    if (k === 0) return 0;
    const p = e.turns[k - 1].progress;
    if (p === undefined) throw new Error(`adv 'gigpo': turn ${k - 1} of episode ${e.task}/${e.member} has no recorded progress (only the single-agent rollout records it)`);
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
        steps.set(key, [...(steps.get(key) ?? []), { i, t }]);
      });
    }
    for (const members of steps.values()) {
      const returns = members.map(({ i }) => rewards[i]);
      const std = sampleStd(returns);
      if (std === 0) continue;
      const m = returns.reduce((a, x) => a + x, 0) / returns.length;
      members.forEach(({ i, t }) => (out[i][t] = (rewards[i] - m) / (std + ADV_EPS)));
    }
  }
  return out;
}
