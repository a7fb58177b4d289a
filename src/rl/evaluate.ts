// Built-in evaluation: the policy plays a fixed, seeded set of test-split tasks, once greedily and once sampled,
// batched like rollouts, on random streams of its own (derived from the config's seed, fresh at every evaluation),
// so evaluating never moves the training streams and the same parameters always score the same.

import type { Config } from '../core/config-table';
import { Rng } from '../core/rng';
import type { EnvSpec } from '../envs/api';
import type { Policy } from '../model/policy-api';
import type { EvalMetricName } from './metrics';
import { envOptionsFor, maxTurnsOf, rollout, type AgentIO, type EpisodeRecord, type RolloutOptions } from './rollout';

/** Nucleus of mass 0: only the most likely allowed token (ties broken by the stream), i.e. greedy decoding. */
export const GREEDY_TOP_P = 0;

/** The run's evaluation tasks: config.evalTasks seeds from a stream of their own, the same at every evaluation. */
export function evalSeeds(c: Pick<Config, 'seed' | 'evalTasks'>): number[] {
  const rng = Rng.fromSeed(c.seed).split('eval/tasks');
  return Array.from({ length: c.evalTasks }, () => rng.nextU32());
}

/** An evaluation's numbers; without its sampled half (EvalOptions.sampled false), no eval/success_sampled. */
export type EvalMetrics = Omit<Record<EvalMetricName, number>, 'eval/success_sampled'> & { 'eval/success_sampled'?: number };

export interface EvalOptions {
  /** Episodes per generation (default: the run's group x tasks, the batch the policy is sized for). */
  rows?: number;
  /** Play the sampled episodes too (default true). */
  sampled?: boolean;
}

export interface Evaluation {
  metrics: EvalMetrics;
  /** (evalTasks) the greedy episodes, in seed order. */
  greedy: EpisodeRecord[];
}

/**
 * Plays every evaluation task once greedily and once sampled (config temperature and top-p), on the test split at
 * config.difficulty, in batches of at most o.rows episodes.
 */
export async function evaluate(policy: Pick<Policy, 'generate'>, io: AgentIO, spec: EnvSpec, c: Config, o: EvalOptions = {}): Promise<Evaluation> {
  const rows = o.rows ?? c.group * c.tasks;
  const started = performance.now();
  const seeds = evalSeeds(c);
  const base = { spec, envOptions: envOptionsFor(spec, c.difficulty), split: 'test' as const, maxTurns: maxTurnsOf(spec, c), grammar: c.grammar, skipRefused: c.skipRefused };
  const play = async (o: RolloutOptions) => {
    const out: EpisodeRecord[] = [];
    // Stryker disable next-line EqualityOperator: at = seeds.length would play an empty batch: no episode, no generation
    for (let at = 0; at < seeds.length; at += rows) out.push(...(await rollout(policy, io, seeds.slice(at, at + rows), 1, o)).episodes);
    return out;
  };
  const greedy = await play({ ...base, temperature: 1, topP: GREEDY_TOP_P, rng: Rng.fromSeed(c.seed).split('eval/greedy') });
  const rate = (eps: readonly EpisodeRecord[]) => eps.filter((e) => e.success).length / eps.length;
  const sampled = o.sampled === false ? null : rate(await play({ ...base, temperature: c.temperature, topP: c.topP, rng: Rng.fromSeed(c.seed).split('eval/sample') }));
  const meanReturn = greedy.reduce((s, e) => s + e.envReturn, 0) / greedy.length;
  const metrics: EvalMetrics = { 'eval/success': rate(greedy), ...(sampled === null ? {} : { 'eval/success_sampled': sampled }), 'eval/return': meanReturn, 'perf/eval_ms': performance.now() - started };
  return { metrics, greedy };
}
