// Rollout: B task instances x G episodes each, played in lockstep turn by turn with one batched generate()
// per turn, and the batch of token rows (one row per turn: context ++ action) that GRPO trains on.

import type { Config } from '../core/config-table';
import type { Env, EnvOptions, EnvSpec, Observation } from '../envs/api';
import { levelOptions } from '../envs/levels';
import type { Split } from '../envs/split';
import type { Rng } from '../core/rng';
import type { Context } from '../model/context';
import type { Policy, TokenBatch, TrainBatch } from '../model/policy-api';
import { avoidRefused, refusedSinceAccepted, type AllowedNext } from './refused';
import type { RowSpan } from './weights';

/** What the rollout needs from the model side (tokenizer, context builder, grammar); setup.ts builds it. */
export interface AgentIO {
  /** The tokenizer's vocabulary (saved in checkpoints). */
  readonly vocab: readonly string[];
  /** Longest action in tokens, END included: the generation budget per turn. */
  readonly maxActionTokens: number;
  /** The context for a turn (goal, earlier actions, observation), leaving room for the action: tokens and content words. */
  prompt(goal: string, obs: Observation, pastActions: readonly string[]): Context;
  /** Generated tokens (END, if any, included) back to an action string, content words read through `context`. */
  decode(tokens: readonly number[], context: Context): string;
  /** An action string to tokens in `context`, END included (for the experts' demonstrations). */
  encodeAction(action: string, context: Context): number[];
  /** Grammar-constrained decoding for this goal and observation in `context`: which tokens may come next. */
  allowed(goal: string, obs: Observation, context: Context): (generatedSoFar: readonly number[]) => ArrayLike<number> | null;
}

export interface TurnRecord {
  prompt: number[]; // the context the policy saw
  action: number[]; // the generated tokens, END included
  logp: number[]; // (|action|) log-probabilities under the behaviour policy (empty for demonstrations)
  entropy: number[]; // (|action|) entropy of the distribution each token was sampled from (empty for demonstrations)
  text: string; // the decoded action
  error?: string; // the env's lastActionError
  progress?: number; // the env's progress in [0, 1] after this turn (1 on success); the single-agent rollout records it
}

export interface EpisodeRecord {
  task: number; // b in [0, B)
  member: number; // i in [0, G)
  seed: number; // the task instance's seed (shared by the group)
  goal: string;
  turns: TurnRecord[];
  success: boolean;
  progress: number; // in [0, 1], at the end
  truncated: boolean; // ran out of turns without success
  envReturn: number; // the sum of the env's own rewards over the episode
}

export interface RolloutOptions {
  spec: EnvSpec;
  envOptions: EnvOptions;
  /** The task pool episodes are drawn from. */
  split: Split;
  maxTurns: number;
  temperature: number;
  topP: number;
  grammar: boolean;
  /** config.skipRefused: with the grammar on, never offer again an action refused since the last accepted one. */
  skipRefused?: boolean;
  rng: Rng; // sampling stream
}

export interface RolloutStats {
  tokens: number; // generated tokens
  envSteps: number;
}

/** The env options for a difficulty level: the family's row of its level table (src/envs/levels.ts); a level past
 * its last one means its last one, and a family without a table plays its defaults. */
export function envOptionsFor(spec: EnvSpec, difficulty: number): EnvOptions {
  return levelOptions(spec, difficulty);
}

/** Turns per episode: the config's, or the env's default when it says 0. */
export function maxTurnsOf(spec: EnvSpec, config: Config): number {
  return config.maxTurns > 0 ? config.maxTurns : spec.maxTurns;
}

/** A training rollout's options from the run's config at difficulty `level` (the curriculum's), sampling from `rng`. */
export function rolloutOptionsFor(spec: EnvSpec, c: Config, rng: Rng, level = c.difficulty): RolloutOptions {
  return { spec, envOptions: envOptionsFor(spec, level), split: c.split, maxTurns: maxTurnsOf(spec, c), temperature: c.temperature, topP: c.topP, grammar: c.grammar, skipRefused: c.skipRefused, rng };
}

/** The env's current episode state while a rollout runs. */
interface Live {
  env: Env;
  obs: Observation;
  record: EpisodeRecord;
  done: boolean;
}

/** Plays G episodes of each task seed with the policy; episodes come back grouped: index b * G + i. */
export async function rollout(
  policy: Pick<Policy, 'generate'>,
  io: AgentIO,
  seeds: readonly number[],
  G: number,
  o: RolloutOptions,
): Promise<{ episodes: EpisodeRecord[]; stats: RolloutStats }> {
  const live: Live[] = [];
  seeds.forEach((seed, task) => {
    for (let member = 0; member < G; member++) {
      const env = o.spec.create();
      const { obs, info } = env.reset({ seed, options: o.envOptions, split: o.split });
      const record: EpisodeRecord = { task, member, seed, goal: env.goal, turns: [], success: info.success, progress: info.progress, truncated: false, envReturn: 0 };
      live.push({ env, obs, record, done: false });
    }
  });
  const stats: RolloutStats = { tokens: 0, envSteps: 0 };
  // Stryker disable next-line UpdateOperator: the bound is redundant (an episode is done after maxTurns turns, and the loop breaks when none is left)
  for (let turn = 0; turn < o.maxTurns; turn++) {
    const active = live.filter((l) => !l.done);
    if (active.length === 0) break;
    const contexts = active.map((l) => io.prompt(l.record.goal, l.obs, pastActions(l.record)));
    const grammars = o.grammar ? active.map((l, row) => grammarFor(io, l, contexts[row], o.skipRefused === true)) : null;
    const gen = await policy.generate(contexts.map((c) => c.tokens), {
      temperature: o.temperature,
      topP: o.topP,
      maxNewTokens: io.maxActionTokens,
      rng: o.rng,
      allowed: grammars ? (row, soFar) => grammars[row](soFar) : undefined,
    });
    active.forEach((l, row) => {
      const action = gen.tokens[row];
      const text = io.decode(action, contexts[row]);
      const step = l.env.step(text);
      stats.tokens += action.length;
      stats.envSteps++;
      const t: TurnRecord = { prompt: contexts[row].tokens, action, logp: gen.logp[row], entropy: gen.entropy[row], text };
      if (step.info.lastActionError) t.error = step.info.lastActionError;
      t.progress = step.info.progress;
      l.record.turns.push(t);
      l.obs = step.obs;
      l.record.success = step.info.success;
      l.record.progress = step.info.progress;
      l.record.envReturn += step.reward;
      l.done = step.terminated || step.truncated || l.record.turns.length >= o.maxTurns;
      l.record.truncated = l.done && !step.terminated && !step.info.success;
    });
  }
  return { episodes: live.map((l) => l.record), stats };
}

/** A live episode's allowed-token function this turn: the grammar's, less its refused actions under skipRefused. */
function grammarFor(io: AgentIO, l: Live, context: Context, skipRefused: boolean): AllowedNext {
  const allowed = io.allowed(l.record.goal, l.obs, context);
  return skipRefused ? avoidRefused(allowed, refusedSinceAccepted(l.record.turns).map((a) => io.encodeAction(a, context))) : allowed;
}

/** The episode's earlier actions, for the next turn's context. */
export function pastActions(e: EpisodeRecord): string[] {
  return e.turns.map((t) => t.text);
}

/** One row per turn: context ++ action, right-padded to the longest row. Also each row's episode and action span. */
export function turnRows(episodes: readonly EpisodeRecord[]): { batch: TokenBatch; spans: RowSpan[] } {
  const spans: RowSpan[] = [];
  const rows: number[][] = [];
  episodes.forEach((e, episode) => {
    for (const t of e.turns) {
      spans.push({ episode, start: t.prompt.length, count: t.action.length });
      rows.push(t.prompt.concat(t.action));
    }
  });
  const width = rows.reduce((w, r) => Math.max(w, r.length), 1);
  const tokens = new Int32Array(rows.length * width);
  const lengths = new Int32Array(rows.length);
  rows.forEach((r, n) => {
    tokens.set(r, n * width);
    lengths[n] = r.length;
  });
  return { batch: { rows: rows.length, width, tokens, lengths }, spans };
}

/** The rows `keep` of a batch, re-padded to the longest of them. */
export function pickRows(b: TrainBatch, keep: readonly number[]): TrainBatch {
  const width = keep.reduce((w, n) => Math.max(w, b.lengths[n]), 1);
  const N = keep.length;
  const take = (a: Float32Array) => {
    const out = new Float32Array(N * width);
    keep.forEach((n, i) => out.set(a.subarray(n * b.width, n * b.width + width), i * width));
    return out;
  };
  const tokens = new Int32Array(N * width);
  keep.forEach((n, i) => tokens.set(b.tokens.subarray(n * b.width, n * b.width + width), i * width));
  return {
    rows: N,
    width,
    tokens,
    lengths: Int32Array.from(keep, (n) => b.lengths[n]),
    weight: take(b.weight),
    advantage: Float32Array.from(keep, (n) => b.advantage[n]),
    oldLogp: take(b.oldLogp),
    refLogp: b.refLogp && take(b.refLogp),
  };
}
