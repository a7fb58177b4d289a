// Per-turn process credit (turnCredit 'progress'): each turn is also credited for its own progress gain, against the
// gains of the other episodes of its group at the same turn index, so a right field is pushed up and the wrong action
// after it is not, where an episode-level reward credits every turn of an attempt alike. Pure functions; a group is
// G episodes of one task seed, so at turn index 0 every member acts from the same state: a per-state baseline there,
// the same-index turns' mean later. DeepSeekMath's process supervision (arXiv:2402.03300, 4.1.3) likewise normalises
// step rewards over the group; here a turn keeps its own normalised gain rather than the sum of those after it (a
// reward to go against one baseline pushed every turn after a right field down: less was left to gain).

import type { EpisodeRecord } from './rollout';
import { ADV_EPS, episodeReward, sampleStd } from './advantages';

/** The potential after each turn: 1 on the succeeding turn, else half the env's progress (reward 'potential'). */
function potentials(e: EpisodeRecord): number[] {
  return e.turns.map((t, k) => {
    if (t.progress === undefined) throw new Error(`turnCredit 'progress': turn ${k} of episode ${e.task}/${e.member} has no recorded progress (only the single-agent rollout records it)`);
    const last = k === e.turns.length - 1;
    return episodeReward({ success: last && e.success, progress: t.progress, truncated: false }, 'potential', 'zero');
  });
}

/**
 * Each turn's gain in potential, Phi(s_t+1) - Phi(s_t), with Phi(s_0) taken as 0: the reset state is one state for a
 * whole group (one task seed), so the constant it would subtract from turn 0 cancels against the same-index mean.
 * @returns (turns of e) the gains
 */
export function turnGains(e: EpisodeRecord): number[] {
  const phi = potentials(e);
  return phi.map((p, k) => p - (k > 0 ? phi[k - 1] : 0));
}

/**
 * The per-turn process advantages of B groups of G episodes: a turn's gain minus the mean gain of the group's turns at
 * the same index (0 when it is the only one there), divided by the sample std of all those differences in the group
 * (+ ADV_EPS; a group where every difference is 0 gets 0 throughout).
 * @param episodes (B*G) group b at [b*G, (b+1)*G)
 * @returns (B*G) per episode, one advantage per turn
 */
export function progressAdvantages(episodes: readonly EpisodeRecord[], G: number): number[][] {
  if (G < 1 || episodes.length % G !== 0) throw new RangeError(`progressAdvantages: ${episodes.length} episodes do not split into groups of ${G}`);
  const gains = episodes.map(turnGains);
  const out: number[][] = gains.map((g) => g.map(() => 0));
  for (let b = 0; b < episodes.length; b += G) {
    const members = gains.slice(b, b + G);
    const longest = Math.max(...members.map((g) => g.length));
    const centred: number[] = [];
    for (let t = 0; t < longest; t++) {
      const here = members.filter((g) => t < g.length).map((g) => g[t]);
      const m = here.reduce((a, x) => a + x, 0) / here.length;
      members.forEach((g, i) => {
        if (t >= g.length) return;
        out[b + i][t] = here.length > 1 ? g[t] - m : 0;
        centred.push(out[b + i][t]);
      });
    }
    const std = sampleStd(centred);
    for (let i = 0; i < G; i++) out[b + i] = out[b + i].map((x) => (std > 0 ? x / (std + ADV_EPS) : 0));
  }
  return out;
}
