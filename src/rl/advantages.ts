// GRPO advantages from the rewards of B groups of G episodes: group-normalised (TRL's default, and step-bonus's
// episode level), batch std, no std (Dr.GRPO) or leave-one-out (RLOO), and a refused turn's share of its episode's
// advantage.
// Pure functions; shapes are (B*G) flattened group by group.

import type { Config } from '../core/config-table';

export type AdvMode = Config['adv'];

/** Added to the std before dividing (TRL's value). */
export const ADV_EPS = 1e-4;

export interface Advantages {
  /** (B*G) one advantage per episode; 0 for episodes left out (valid = false). */
  advantages: Float64Array;
  /** Share of groups whose valid rewards are all equal (or fewer than 2): they carry no signal. */
  fracZeroStd: number;
}

function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty group's mean is never read (k < 2 skips it)
  return xs.length > 0 ? s / xs.length : 0;
}

/** Sample standard deviation (Bessel's correction, as torch.std); 0 below two values. */
export function sampleStd(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  let s = 0;
  // Stryker disable next-line ArithmeticOperator: sum (x + m)(x - m) = sum x^2 - n m^2 = sum (x - m)^2, the same value
  for (const x of xs) s += (x - m) * (x - m);
  return Math.sqrt(s / (xs.length - 1));
}

/**
 * @param rewards (B*G) episode rewards, group b at [b*G, (b+1)*G)
 * @param G group size
 * @param mode how to normalise
 * @param valid (B*G) which episodes count (truncation = 'mask' leaves some out); all when omitted
 */
export function computeAdvantages(rewards: ArrayLike<number>, G: number, mode: AdvMode, valid?: ArrayLike<boolean>): Advantages {
  const n = rewards.length;
  if (G < 1 || n % G !== 0) throw new RangeError(`computeAdvantages: ${n} rewards do not split into groups of ${G}`);
  const ok = (i: number) => (valid ? valid[i] : true);
  const groups = n / G;
  const allValid: number[] = [];
  for (let i = 0; i < n; i++) if (ok(i)) allValid.push(rewards[i]);
  const batchStd = sampleStd(allValid);

  const advantages = new Float64Array(n);
  let zeroStd = 0;
  for (let b = 0; b < groups; b++) {
    const members: number[] = [];
    for (let i = b * G; i < (b + 1) * G; i++) if (ok(i)) members.push(rewards[i]);
    const m = mean(members);
    const std = sampleStd(members);
    // Stryker disable next-line ConditionalExpression: fewer than two members already have std 0 (sampleStd)
    if (members.length < 2 || std === 0) zeroStd++;
    const k = members.length;
    for (let i = b * G; i < (b + 1) * G; i++) {
      if (!ok(i) || k < 2) continue;
      const r = rewards[i];
      switch (mode) {
        case 'group':
        case 'step-bonus': // their episode level is GRPO's; the learner adds each turn's own credit (step-bonus.ts,
        case 'turn-gain': // turn-gain.ts)
          advantages[i] = (r - m) / (std + ADV_EPS);
          break;
        case 'batch':
          advantages[i] = (r - m) / (batchStd + ADV_EPS);
          break;
        case 'none':
          advantages[i] = r - m;
          break;
        case 'rloo':
          advantages[i] = r - (m * k - r) / (k - 1);
          break;
      }
    }
  }
  return { advantages, fracZeroStd: groups > 0 ? zeroStd / groups : 0 };
}

export type RewardMode = Config['reward'];
export type TruncationMode = Config['truncation'];

/**
 * An episode's scalar reward. outcome: 1 for success, else 0 (WebAgent-R1). process: 1 for success,
 * else half the env's progress in [0, 1], so a near miss beats doing nothing but never equals success.
 * With truncation = 'zero' an episode that ran out of turns scores 0 whatever its progress
 * (with 'mask' it is left out of the advantages and the loss instead; see computeAdvantages' valid).
 * potential: like process, but an episode that ran out of turns is paid its progress too (under 'zero'; 'mask' still
 * leaves it out), so a failing action that ends an attempt early (Submit with half the form right) earns nothing that
 * trying on would not; under process it beats running out of turns. Per turn it is potential-based shaping (Ng et
 * al. 1999) with Phi = half the env's progress and gamma 1: the turns' Phi(s_t+1) - Phi(s_t) sum to
 * Phi(s_T) - Phi(s_0), and Phi(s_0) is one value for a whole group (one task seed), which the group mean removes.
 */
export function episodeReward(
  e: { success: boolean; progress: number; truncated: boolean },
  reward: RewardMode,
  truncation: TruncationMode,
): number {
  if (e.success) return 1;
  if (reward === 'outcome' || (e.truncated && truncation === 'zero' && reward === 'process')) return 0;
  return 0.5 * Math.min(1, Math.max(0, e.progress));
}

export type FailedTurnCredit = Config['failedTurnCredit'];

/** What failedTurnCredit 'penalty' takes off a refused turn: GEM's invalid-action reward is -0.2 on a 0-1 outcome. */
export const FAILED_TURN_PENALTY = 0.2;

/**
 * The advantage one turn trains with. Every turn carries its episode's advantage A, except a turn the env refused
 * (its action came back with lastActionError: a wasted turn) under 'nonpositive', which gives it min(A, 0) so that
 * winning despite it never makes it likelier, and under 'penalty', min(A, 0) - FAILED_TURN_PENALTY, which pushes it
 * down even in a group with no spread. An episode left out (A = 0, not counted) gets 0 whatever its turns.
 */
export function turnAdvantage(episodeAdvantage: number, refused: boolean, credit: FailedTurnCredit, counted = true): number {
  if (!refused || !counted || credit === 'outcome') return episodeAdvantage;
  const capped = Math.min(episodeAdvantage, 0);
  return credit === 'penalty' ? capped - FAILED_TURN_PENALTY : capped;
}
