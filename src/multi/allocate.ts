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
 * The agent's reward:
 *  - shared:      the team's reward, for everyone
 *  - quality:     its own proposals' scores (a planner: the team's reward)
 *  - margin:      its improvement over the previous round, mean over turns: last round's score - first round's for a
 *                 debater; an aggregator's score - the mean score of the proposals it read; the team's reward for an
 *                 agent with no previous round (planner, executor, a single-round proposer)
 *  - conditional: its quality when the team succeeded, else 0
 */
export function allocate(mode: AllocMode, team: TeamOutcome, o: AgentOutputs): number {
  switch (mode) {
    case 'shared':
      return team.reward;
    case 'quality':
      return quality(o, team);
    case 'margin':
      if (o.inputs.length > 0) return mean(o.scores.map((rounds, t) => rounds[rounds.length - 1] - o.inputs[t]));
      if (o.scores.length > 0 && o.scores[0].length > 1) return mean(o.scores.map((rounds) => rounds[rounds.length - 1] - rounds[0]));
      return team.reward;
    case 'conditional':
      return team.success ? quality(o, team) : 0;
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
