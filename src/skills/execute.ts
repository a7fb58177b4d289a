// Runs a skill's atomic actions on an environment, resolving each step's references in the observation of
// the moment, and keeps the trace (action, observation, info per step) for evaluation and naming.

import type { Env, Observation, StepInfo } from '../envs/api';
import { canRender, goalWords, renderStep } from './refs';
import type { SkillStep } from './types';

export interface TraceStep {
  action: string;
  /** Role and label of the element the action named, if any. */
  target?: { role: string; name: string };
  obs: Observation;
  info: StepInfo;
}

export interface SkillRun {
  /** Every step resolved and ran without an action error. */
  ok: boolean;
  /** What went wrong: a reference that did not resolve, or the environment's lastActionError. */
  error?: string;
  trace: TraceStep[];
  /** The observation and info after the last step that ran (the start ones when none ran). */
  obs: Observation;
  info: StepInfo;
  reward: number;
  /** The episode ended (terminated or truncated). */
  done: boolean;
  /** The episode ended by success or failure, not by running out of turns. */
  terminated: boolean;
}

/** The last goal's words: a search runs thousands of skills under one goal, and splitting it each time cost a quarter of a rollout. */
let lastGoal: string | undefined;
// Stryker disable next-line ArrayDeclaration: never read: no goal equals the undefined lastGoal, so the first call sets both
let lastWords: readonly string[] = [];

function wordsOf(goal: string): readonly string[] {
  // Stryker disable next-line ConditionalExpression: a cache; splitting the goal again (condition true) gives the same words
  if (goal !== lastGoal) [lastGoal, lastWords] = [goal, goalWords(goal)];
  return lastWords;
}

/** Runs steps from (obs, info) until one fails or the episode ends; a failing step is not sent to the env. */
export function runSteps(env: Env, steps: readonly SkillStep[], obs: Observation, info: StepInfo): SkillRun {
  const words = wordsOf(env.goal);
  const run: SkillRun = { ok: true, trace: [], obs, info, reward: 0, done: false, terminated: false };
  for (let k = 0; k < steps.length; k++) {
    if (run.done) return { ...run, ok: false, error: `the episode ended before step ${k + 1}` };
    const r = renderStep(steps[k], run.obs, words);
    if (!r.ok) return { ...run, ok: false, error: `step ${k + 1}: ${r.error}` };
    const out = env.step(r.action);
    const t: TraceStep = { action: r.action, obs: out.obs, info: out.info };
    if (r.target) t.target = { role: r.target.role, name: r.target.name };
    run.trace.push(t);
    run.obs = out.obs;
    run.info = out.info;
    run.reward += out.reward;
    run.done = out.terminated || out.truncated;
    run.terminated = out.terminated;
    if (out.info.lastActionError !== undefined) return { ...run, ok: false, error: out.info.lastActionError };
  }
  return run;
}

/** True when the first step's references resolve here, i.e. the skill can start in this state. */
export function canStart(steps: readonly SkillStep[], obs: Observation, words: readonly string[]): boolean {
  return steps.length > 0 && canRender(steps[0], obs, words);
}
