// Behaviour cloning: the scripted experts' episodes recorded as the policy would see them, served as
// cross-entropy batches of a fixed number of turns (token mean over action tokens) for the warm-up before RL.

import type { Rng } from '../core/rng';
import type { Env, EnvOptions, EnvSpec } from '../envs/api';
import type { TrainBatch } from '../model/policy-api';
import { pastActions, turnRows, type AgentIO, type EpisodeRecord } from './rollout';
import { aggregationWeights } from './weights';

/**
 * Plays the expert on one seed; the prompts are built exactly as in a rollout. `context`, when given, is
 * appended to the goal at each turn (a multi-agent team's messages, e.g. a plan).
 */
export function demonstrate(
  spec: EnvSpec,
  envOptions: EnvOptions,
  io: AgentIO,
  seed: number,
  maxTurns: number,
  context?: (env: Env) => string,
): EpisodeRecord {
  const env = spec.create();
  let { obs, info } = env.reset({ seed, options: envOptions });
  const e: EpisodeRecord = { task: 0, member: 0, seed, goal: env.goal, turns: [], success: info.success, progress: info.progress, truncated: false };
  let done = false;
  while (!done && e.turns.length < maxTurns) {
    const text = spec.expert(env);
    const prompt = io.prompt(context ? e.goal + context(env) : e.goal, obs, pastActions(e));
    const step = env.step(text);
    e.turns.push({ prompt: prompt.tokens, action: io.encodeAction(text, prompt), logp: [], text });
    ({ obs, info } = step);
    done = step.terminated || step.truncated;
  }
  e.success = info.success;
  e.progress = info.progress;
  e.truncated = !info.success && !done;
  return e;
}

/** The cross-entropy batch: every action token of every demonstration, weighted 1 / (action tokens). */
export function bcBatch(demos: readonly EpisodeRecord[]): TrainBatch {
  const { batch, spans } = turnRows(demos);
  return {
    ...batch,
    weight: aggregationWeights(spans, batch.width, 'token_mean', 1),
    advantage: new Float32Array(batch.rows),
    oldLogp: new Float32Array(batch.rows * batch.width),
    refLogp: null,
  };
}

/** Turns per behaviour-cloning step: a batch's cost does not grow with the task's episode length. */
export const BC_ROWS = 16;

/** One demonstration episode for a task seed. */
export type Demonstrator = (seed: number) => EpisodeRecord;

/** The env's expert as a Demonstrator (see demonstrate). */
export function expertDemonstrator(spec: EnvSpec, envOptions: EnvOptions, io: AgentIO, maxTurns: number): Demonstrator {
  return (seed) => demonstrate(spec, envOptions, io, seed, maxTurns);
}

/**
 * An endless stream of demonstrated turns: the demonstrator plays fresh seeds from `rng` when the queue runs
 * low; each refill (at least 4 batches' worth) is shuffled so that one batch mixes turns of several episodes.
 */
export class Demonstrations {
  private queue: EpisodeRecord[] = []; // one turn each

  constructor(
    private readonly demonstrator: Demonstrator,
    private readonly rng: Rng,
  ) {}

  /** The next cross-entropy batch of `rows` expert turns. */
  next(rows = BC_ROWS): TrainBatch {
    if (this.queue.length < rows) {
      const fresh: EpisodeRecord[] = [];
      while (fresh.length < 4 * rows) {
        const e = this.demonstrator(this.rng.nextU32());
        for (const t of e.turns) fresh.push({ ...e, turns: [t] });
      }
      this.queue.push(...this.rng.shuffle(fresh));
    }
    return bcBatch(this.queue.splice(0, rows));
  }
}
