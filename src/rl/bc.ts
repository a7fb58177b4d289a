// Behaviour cloning: the scripted experts' episodes recorded as the policy would see them, served as
// cross-entropy batches of a fixed number of turns (token mean over action tokens) for the warm-up before RL.
// The experts always play the train split. A budget caps the distinct episodes BC may see, and a noisy expert
// swaps a share of its actions for random legal ones, so that BC alone can leave room for RL. With mistakes, some
// expert turns follow a refused action (src/rl/mistakes.ts), so that BC sees an error and the recovery from it.

import { Rng } from '../core/rng';
import type { Env, EnvOptions, EnvSpec, Observation } from '../envs/api';
import type { TrainBatch } from '../model/policy-api';
import { pickMistake, refusedActions } from './mistakes';
import { pastActions, turnRows, type AgentIO, type EpisodeRecord } from './rollout';
import { aggregationWeights } from './weights';

/** A noisy expert: each action is, with probability `share`, a uniform pick among `legal` instead of the expert's. */
export interface ExpertNoise {
  share: number;
  /** The legal actions at a state (the env keeps going from the one taken). */
  legal: (goal: string, obs: Observation) => readonly string[];
}

export interface DemonstrateOptions {
  /** Appended to the goal at each turn (a multi-agent team's messages, e.g. a plan). */
  context?: (env: Env) => string;
  noise?: ExpertNoise;
  /** Share of expert turns that a refused action comes before (while a turn is left for the expert's). */
  mistakes?: number;
}

/** Plays the expert on one train-split seed; the prompts are built exactly as in a rollout. */
export function demonstrate(spec: EnvSpec, envOptions: EnvOptions, io: AgentIO, seed: number, maxTurns: number, o: DemonstrateOptions = {}): EpisodeRecord {
  const env = spec.create();
  let { obs, info } = env.reset({ seed, options: envOptions, split: 'train' });
  // Stryker disable next-line BooleanLiteral: truncated is set below, once the episode is over
  const e: EpisodeRecord = { task: 0, member: 0, seed, goal: env.goal, turns: [], success: info.success, progress: info.progress, truncated: false, envReturn: 0 };
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a share of 0 never swaps (chance(0) is false), stream or not
  const noise = o.noise && o.noise.share > 0 ? { ...o.noise, rng: Rng.fromSeed(seed).split('bc-noise') } : null;
  const mistakes = o.mistakes ? { share: o.mistakes, rng: Rng.fromSeed(seed).split('bc-mistakes') } : null;
  let done = false;
  let terminated = false;
  let erred = false; // the last turn was a mistake: this one is the expert's recovery
  while (!done && e.turns.length < maxTurns) {
    const prompt = io.prompt(o.context ? e.goal + o.context(env) : e.goal, obs, pastActions(e));
    const refused: string[] = mistakes && !erred && e.turns.length < maxTurns - 1 && mistakes.rng.chance(mistakes.share) ? refusedActions(spec, env, obs) : [];
    let text = refused.length > 0 ? pickMistake(refused, mistakes!.rng) : spec.expert(env);
    if (refused.length === 0 && noise?.rng.chance(noise.share)) {
      const legal = noise.legal(env.goal, obs);
      if (legal.length > 0) text = noise.rng.pick(legal);
    }
    const step = env.step(text);
    erred = refused.length > 0;
    const error = erred ? step.info.lastActionError : undefined;
    e.turns.push({ prompt: prompt.tokens, action: io.encodeAction(text, prompt), logp: [], entropy: [], text, ...(error !== undefined && { error }) });
    e.envReturn += step.reward;
    ({ obs, info } = step);
    terminated = step.terminated;
    done = step.terminated || step.truncated;
  }
  e.success = info.success;
  e.progress = info.progress;
  // As in a rollout: out of turns (the env's limit or maxTurns) without success.
  e.truncated = !info.success && !terminated;
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

/** The env's expert (noisy when `noise` is given) as a Demonstrator (see demonstrate). */
export function expertDemonstrator(spec: EnvSpec, envOptions: EnvOptions, io: AgentIO, maxTurns: number, noise?: ExpertNoise, mistakes = 0): Demonstrator {
  return (seed) => demonstrate(spec, envOptions, io, seed, maxTurns, { noise, mistakes });
}

/** Each turn of the episodes as an episode of its own; a turn the env refused (a demonstrated mistake) is no target. */
function singleTurns(episodes: readonly EpisodeRecord[]): EpisodeRecord[] {
  return episodes.flatMap((e) => e.turns.filter((t) => t.error === undefined).map((t) => ({ ...e, turns: [t] })));
}

/**
 * An endless stream of demonstrated turns. Without a budget the demonstrator plays fresh seeds from `rng` when the
 * queue runs low, each refill (at least 4 batches' worth) shuffled so that one batch mixes turns of several
 * episodes; with `budget` > 0 it plays that many seeds once and serves their turns epoch after epoch, reshuffled.
 */
export class Demonstrations {
  private queue: EpisodeRecord[] = []; // one turn each
  private pool: EpisodeRecord[] | null = null; // the budget's turns

  constructor(
    private readonly demonstrator: Demonstrator,
    private readonly rng: Rng,
    /** Distinct episodes BC may use (0 = no limit). */
    private readonly budget = 0,
  ) {}

  /** The next cross-entropy batch of `rows` expert turns. */
  next(rows = BC_ROWS): TrainBatch {
    while (this.queue.length < rows) this.queue.push(...this.rng.shuffle(this.refill(rows)));
    return bcBatch(this.queue.splice(0, rows));
  }

  private refill(rows: number): EpisodeRecord[] {
    if (this.budget > 0) {
      this.pool ??= singleTurns(Array.from({ length: this.budget }, () => this.demonstrator(this.rng.nextU32())));
      if (this.pool.length === 0) throw new Error('behaviour cloning: the expert demonstrations have no turns');
      return this.pool;
    }
    const fresh: EpisodeRecord[] = [];
    while (fresh.length < 4 * rows) fresh.push(...singleTurns([this.demonstrator(this.rng.nextU32())]));
    return fresh;
  }
}
