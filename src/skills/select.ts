// How discovery chooses among the skills that can start in a state and an Explore arm, switched by the config key
// skillSelect: Bottom-Up Agent's rule as its public code has it (ChengDobbs/Bottom-Up-Agent-dev, BottomUpAgent/
// Brain.py: select_skill, temperature, skill_evolution; BottomUpAgent.py: exploit) or ours, an argmax UCT per state
// cluster. The environment's progress signal stands in for Bottom-Up Agent's LLM evaluator (judgeRun).

import type { Config } from '../core/config-table';
import type { Observation, StepInfo } from '../envs/api';
import type { Rng } from '../core/rng';
import type { SkillRun } from './execute';
import type { Skill } from './types';

/** The rules, as the config key skillSelect names them. */
export type SkillSelect = Config['skillSelect'];

/** Bottom-Up Agent's constants: uct_c and uct_threshold (its configs), skill_evolution's observation_num and fitness_threshold. */
export const BOTTOM_UP = { c: 5, threshold: 0, observations: 4, minFitness: 2 } as const;

/** The environment's verdict on one run of a skill, in place of Bottom-Up Agent's LLM evaluator. */
export interface Verdict {
  /** Some step ran and the page changed (or the episode ended): Bottom-Up Agent counts a use only then. */
  acted: boolean;
  /** It acted, every step ran without an action error, and it did not end the episode in failure. */
  consistent: boolean;
  /** It acted, did not end the episode in failure, and the task's progress rose or the task was solved. */
  progressive: boolean;
}

/** Judges a run of a skill that started at (start, before). */
export function judgeRun(start: Observation, before: StepInfo, run: SkillRun): Verdict {
  const acted = run.trace.length > 0 && (run.done || run.obs.text !== start.text);
  const failed = run.terminated && !run.info.success;
  const progressive = run.info.success || run.info.progress > before.progress;
  return { acted, consistent: acted && run.ok && !failed, progressive: acted && !failed && progressive };
}

/** Bottom-Up Agent's fitness: +1 for every use judged consistent and +1 for every use judged progressive. */
export function bottomUpFitness(s: Skill): number {
  return (s.consistent ?? 0) + s.successes;
}

/** Bottom-Up Agent's pruning (skill_evolution): used more than 4 times with fitness below 2. */
export function prunable(s: Skill): boolean {
  return s.uses > BOTTOM_UP.observations && bottomUpFitness(s) < BOTTOM_UP.minFitness;
}

/** Bottom-Up Agent's temperature: tau = max(0.1, e^(-0.1 N)). */
export function bottomUpTemperature(total: number): number {
  return Math.max(0.1, Math.exp(-0.1 * total));
}

/**
 * The scores of the candidates, then of Explore (last): fitness + c sqrt(ln N / max(n, 1)) and
 * threshold + c sqrt(ln N / max(explores, 1)), where N = explores + the candidates' uses (1 when that is not positive).
 */
export function bottomUpScores(cands: readonly { fitness: number; uses: number }[], explores: number): { scores: number[]; total: number } {
  let total = explores + cands.reduce((t, s) => t + s.uses, 0);
  if (total <= 0) total = 1;
  const bonus = (n: number) => BOTTOM_UP.c * Math.sqrt(Math.log(total) / Math.max(n, 1));
  const scores = cands.map((s) => s.fitness + bonus(s.uses));
  scores.push(BOTTOM_UP.threshold + bonus(explores));
  return { scores, total };
}

/** softmax(scores / tau), the largest subtracted first and each term floored at 1e-10 as Bottom-Up Agent does. */
export function softmax(scores: readonly number[], tau: number): number[] {
  const top = Math.max(...scores);
  const e = scores.map((s) => Math.max(1e-10, Math.exp((s - top) / tau)));
  const sum = e.reduce((t, x) => t + x, 0);
  return e.map((x) => x / sum);
}

/** One draw from a distribution with the seeded stream. */
export function sampleIndex(rng: Rng, probs: readonly number[]): number {
  let r = rng.next();
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: past the last index the loop returns that index anyway
  for (let i = 0; i < probs.length - 1; i++) if ((r -= probs[i]) < 0) return i;
  return probs.length - 1;
}

/**
 * Bottom-Up Agent's select_skill: a candidate index, or cands.length for Explore, sampled from the softmax of the
 * scores at its temperature. `explores` is the cluster's count of Explore choices (a new cluster starts at 1).
 */
export function selectBottomUp(rng: Rng, cands: readonly Skill[], explores: number): { index: number; probs: number[]; temperature: number } {
  const { scores, total } = bottomUpScores(cands.map((s) => ({ fitness: bottomUpFitness(s), uses: s.uses })), explores);
  const temperature = bottomUpTemperature(total);
  const probs = softmax(scores, temperature);
  return { index: sampleIndex(rng, probs), probs, temperature };
}

/**
 * Our rule (uct-argmax): per state cluster, an arm's value is its prior (the skill's mean value over all states,
 * or Explore's recent rate of finding new skills) counted as one use, plus its uses in this cluster; the arm with
 * the highest (prior + w) / (1 + n) + c sqrt(ln(visits + 2) / (1 + n)) is taken. So a skill that is right only in
 * some states (press 'Login' once the fields are filled) is tried and learned where it works.
 */
export class ClusterUct {
  private readonly arms = new Map<string, { n: number; w: number }>();
  private readonly visits = new Map<string, number>();

  score(cluster: string, arm: string, prior: number, c: number): number {
    const a = this.arms.get(`${cluster}\u0000${arm}`) ?? { n: 0, w: 0 };
    const total = (this.visits.get(cluster) ?? 0) + 1;
    return (prior + a.w) / (1 + a.n) + c * Math.sqrt(Math.log(total + 1) / (1 + a.n));
  }

  record(cluster: string, arm: string, value: number): void {
    const key = `${cluster}\u0000${arm}`;
    const a = this.arms.get(key) ?? { n: 0, w: 0 };
    this.arms.set(key, { n: a.n + 1, w: a.w + value });
    this.visits.set(cluster, (this.visits.get(cluster) ?? 0) + 1);
  }
}
