// A learning curve as the learning bench measures it: a run trained for a wall-time budget (behaviour cloning
// included, evaluations excluded) with an evaluation right after BC and every config.evalEvery updates, recording
// eval success over time and the training curves the stage detector and the comparisons read.

import type { Config } from '../core/config-table';
import type { EvalMetricName } from './metrics';
import { createTrainer, type SetupOptions } from './setup';

/** One evaluation: after `update` updates (0: right after BC), at `seconds` of training wall time. */
export interface EvalPoint {
  update: number;
  seconds: number;
  metrics: Record<EvalMetricName, number>;
}

export interface Curve {
  config: Config;
  /** Which backend the policy ran on and why. */
  note: string;
  /** Seconds of the BC warm-up (policy built, demonstrations played, BC steps). */
  bcSeconds: number;
  /** The evaluation right after BC, then one every evalEvery updates and one after the last update. */
  evals: EvalPoint[];
  /** Per update: training success, turns and the share of groups without signal. */
  success: number[];
  turns: number[];
  fracZeroStd: number[];
  /** Training wall time (BC and updates, evaluations excluded), in seconds. */
  seconds: number;
}

export interface CurveOptions extends SetupOptions {
  /** Stop after the first update that ends past this much training wall time. */
  seconds: number;
  /** Stop at the first evaluation whose greedy success reaches it (default: never). */
  stopAt?: number;
}

/**
 * Trains `config` until its updates are done, `seconds` of training time pass or an evaluation reaches `stopAt`.
 * Evaluation time is measured apart and left out of every time, so how often a run is evaluated does not change it.
 */
export async function trainCurve(config: Config, o: CurveOptions): Promise<Curve> {
  const t0 = performance.now();
  let evalMs = 0;
  const training = () => (performance.now() - t0 - evalMs) / 1000;
  const { trainer, note } = await createTrainer(config, o);
  const curve: Curve = { config, note, bcSeconds: training(), evals: [], success: [], turns: [], fracZeroStd: [], seconds: 0 };
  try {
    const first = await trainer.evaluate();
    evalMs += first.metrics['perf/eval_ms'];
    curve.evals.push({ update: 0, seconds: curve.bcSeconds, metrics: first.metrics });
    const reached = (p: EvalPoint | undefined) => o.stopAt !== undefined && p !== undefined && p.metrics['eval/success'] >= o.stopAt;
    while (trainer.updatesDone < config.updates && training() < o.seconds && !reached(curve.evals.at(-1))) {
      const { update, metrics: m } = await trainer.step();
      curve.success.push(m['episode/success']);
      curve.turns.push(m['episode/turns']);
      curve.fracZeroStd.push(m['reward/frac_zero_std']);
      if (m['eval/success'] === undefined) continue;
      evalMs += m['perf/eval_ms']!;
      const metrics = { 'eval/success': m['eval/success'], 'eval/success_sampled': m['eval/success_sampled']!, 'eval/return': m['eval/return']!, 'perf/eval_ms': m['perf/eval_ms']! };
      curve.evals.push({ update: update + 1, seconds: training(), metrics });
    }
    if (curve.evals.at(-1)!.update !== trainer.updatesDone) {
      // stopped by the time budget between evaluations: the curve ends with the policy as it is
      const seconds = training();
      const last = await trainer.evaluate();
      evalMs += last.metrics['perf/eval_ms'];
      curve.evals.push({ update: trainer.updatesDone, seconds, metrics: last.metrics });
    }
    curve.seconds = curve.evals.at(-1)!.seconds;
  } finally {
    trainer.dispose();
  }
  return curve;
}

/** The first evaluation whose greedy success reaches `threshold`, or null. */
export function firstReaching(curve: Curve, threshold: number): EvalPoint | null {
  return curve.evals.find((p) => p.metrics['eval/success'] >= threshold) ?? null;
}

/** The greedy eval success of the last evaluation at or before `seconds` of training time. */
export function successAt(curve: Curve, seconds: number): number {
  const before = curve.evals.filter((p) => p.seconds <= seconds);
  return (before.at(-1) ?? curve.evals[0]).metrics['eval/success'];
}
