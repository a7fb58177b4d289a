// Central reward allocation: from one team episode's outcome and each agent's scored outputs, every agent's scalar
// reward under the chosen mode (config.alloc). Pure; the per-agent GRPO advantages are computed from these.
import type { Config } from '../core/config-table';

export type AllocMode = Config['alloc'];

/** One agent's part in one team episode. */
export interface AgentOutputs {
  /**
   * (turns, rounds) the score in [0, 1] of each action the agent proposed, per environment turn and debate round
   * (see proposalScore). Empty for an agent whose output is not an action (a planner).
   */
  scores: number[][];
  /** (turns) for an aggregator: the mean final score of the proposals it read; else empty. */
  inputs: number[];
}

export interface TeamOutcome {
  /** The team episode's reward (config.reward and truncation applied). */
  reward: number;
  success: boolean;
}

const mean = (xs: readonly number[]) => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The agent's own quality: mean over turns of its last round's score; a planner's is the team's reward. */
export function quality(o: AgentOutputs, team: TeamOutcome): number {
  return o.scores.length > 0 ? mean(o.scores.map((rounds) => rounds[rounds.length - 1])) : team.reward;
}

/**
 * MARTI's reward shaping of one scored answer (TsinghuaC3I/MARTI, verifiers/auto_reward_alloc.py): R is the answer's
 * own score, Q the mean score of what came before it (the agent's earlier debate rounds, or the proposals an
 * aggregator read), alpha the shaping weight.
 *  - marti-quality: R + alpha (Q R - (1 - Q)(1 - R))   (agreeing with a good history pays, repeating a bad one costs)
 *  - marti-margin:  R + alpha (R - Q)                  (improving on the history pays)
 */
export function martiShaped(mode: 'marti-quality' | 'marti-margin', R: number, Q: number, alpha: number): number {
  return mode === 'marti-quality' ? R + alpha * (Q * R - (1 - Q) * (1 - R)) : R + alpha * (R - Q);
}

/**
 * An agent's reward under MARTI's shaping: the mean over its scored answers (every environment turn, every debate
 * round) of each answer's shaped score. MARTI trains every (agent, round) answer as a sample of its own; here an
 * agent's episode is one sequence, so its answers' shaped scores are averaged. An answer with nothing before it (a
 * first-round proposal, a chain's executor, a mixture's proposer) keeps its raw score, as in MARTI; an agent with no
 * scored answer (a planner) gets the team's reward.
 */
function martiReward(mode: 'marti-quality' | 'marti-margin', team: TeamOutcome, o: AgentOutputs, alpha: number): number {
  if (o.scores.length === 0) return team.reward;
  const shaped: number[] = [];
  o.scores.forEach((rounds, t) => {
    rounds.forEach((R, r) => {
      if (o.inputs.length > 0) shaped.push(martiShaped(mode, R, o.inputs[t], alpha)); // an aggregator: Q = what it read
      else if (r > 0) shaped.push(martiShaped(mode, R, mean(rounds.slice(0, r)), alpha)); // a debater: Q = its earlier rounds
      else shaped.push(R);
    });
  });
  return mean(shaped);
}

/**
 * The agent's reward:
 *  - shared:        the team's reward, for everyone
 *  - own:           its own proposals' scores (a planner: the team's reward)                 [ours]
 *  - gain:          its improvement over the previous round, mean over turns: last round's score - first round's for
 *                   a debater; an aggregator's score - the mean score of the proposals it read; the team's reward for
 *                   an agent with no previous round (planner, executor, a single-round proposer)   [ours]
 *  - own-if-won:    its own score when the team succeeded, else 0                            [ours]
 *  - marti-quality, marti-margin: MARTI's shaping with weight alpha (see martiReward)
 */
export function allocate(mode: AllocMode, team: TeamOutcome, o: AgentOutputs, alpha = 0.5): number {
  switch (mode) {
    case 'shared':
      return team.reward;
    case 'own':
      return quality(o, team);
    case 'gain':
      if (o.inputs.length > 0) return mean(o.scores.map((rounds, t) => rounds[rounds.length - 1] - o.inputs[t]));
      if (o.scores.length > 0 && o.scores[0].length > 1) return mean(o.scores.map((rounds) => rounds[rounds.length - 1] - rounds[0]));
      return team.reward;
    case 'own-if-won':
      return team.success ? quality(o, team) : 0;
    case 'marti-quality':
    case 'marti-margin':
      return martiReward(mode, team, o, alpha);
  }
}

/**
 * An action's score, tried on a copy of the environment in the state it was proposed in: 1 when it solves the task,
 * 0 when it is malformed or impossible, else half the progress it leaves the task at (so a step in the right
 * direction of a multi-page task counts, and never as much as success).
 */
export function proposalScore(after: { success: boolean; progress: number; error?: string }): number {
  if (after.success) return 1;
  if (after.error) return 0;
  return 0.5 * Math.min(1, Math.max(0, after.progress));
}
