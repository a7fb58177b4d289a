// A learning curve as the learning bench measures it: a run trained for a time budget (behaviour cloning included,
// evaluations excluded) with an evaluation right after BC, every config.evalEvery updates and at the end, recording
// eval success over time and the training curves the stage detector and the comparisons read. Time is read from a
// clock the caller picks: wall seconds by default, or the process's CPU seconds, which a loaded machine does not
// stretch (what one idle core would take).

import type { Config } from '../core/config-table';
import type { EvalMetrics } from './evaluate';
import { createTrainer, type SetupOptions } from './setup';

/** One evaluation: after `update` updates (0: right after BC), at `seconds` of training time by the curve's clock. */
export interface EvalPoint {
  update: number;
  seconds: number;
  /** Wall seconds of training by then (evaluations excluded too). */
  wall: number;
  metrics: EvalMetrics;
}

export interface Curve {
  config: Config;
  /** Which backend the policy ran on and why. */
  note: string;
  /** Seconds of the BC warm-up (policy built, demonstrations played, BC steps), by the curve's clock. */
  bcSeconds: number;
  /** The evaluation right after BC, then one every evalEvery updates and one after the last update. */
  evals: EvalPoint[];
  /** Per update: training success, turns and the share of groups without signal. */
  success: number[];
  turns: number[];
  fracZeroStd: number[];
  /** Training time (BC and updates, evaluations excluded), by the curve's clock. */
  seconds: number;
}

export interface CurveOptions extends SetupOptions {
  /** Stop after the first update that ends past this much training time. */
  seconds: number;
  /** Stop at the first evaluation whose greedy success reaches it (default: never). */
  stopAt?: number;
  /** Seconds by some clock (default: wall seconds, performance.now). */
  clock?: () => number;
  /** Evaluate the sampled episodes too (default true; greedy success is what the curve is judged on). */
  sampled?: boolean;
}

const wallSeconds = () => performance.now() / 1000;

/**
 * Trains `config` until its updates are done, `seconds` of training time pass or an evaluation reaches `stopAt`,
 * evaluating every config.evalEvery updates (0: after BC and at the end only). Evaluations are timed apart and left
 * out of every time, so how often a run is evaluated does not change it.
 */
export async function trainCurve(config: Config, o: CurveOptions): Promise<Curve> {
  const clock = o.clock ?? wallSeconds;
  const [c0, w0] = [clock(), wallSeconds()];
  let [evalClock, evalWall] = [0, 0];
  const training = () => clock() - c0 - evalClock;
  // the trainer itself does not evaluate: this loop does, so that it can time each evaluation by its clock
  const { trainer, note } = await createTrainer({ ...config, evalEvery: 0 }, o);
  const curve: Curve = { config, note, bcSeconds: training(), evals: [], success: [], turns: [], fracZeroStd: [], seconds: 0 };
  const evaluate = async () => {
    const point = { update: trainer.updatesDone, seconds: training(), wall: wallSeconds() - w0 - evalWall };
    const [c, w] = [clock(), wallSeconds()];
    const { metrics } = await trainer.evaluate({ sampled: o.sampled });
    evalClock += clock() - c;
    evalWall += wallSeconds() - w;
    curve.evals.push({ ...point, metrics });
  };
  const reached = () => o.stopAt !== undefined && curve.evals.at(-1)!.metrics['eval/success'] >= o.stopAt;
  try {
    await evaluate();
    while (trainer.updatesDone < config.updates && training() < o.seconds && !reached()) {
      const { metrics: m } = await trainer.step();
      curve.success.push(m['episode/success']);
      curve.turns.push(m['episode/turns']);
      curve.fracZeroStd.push(m['reward/frac_zero_std']);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: with evalEvery 0, updatesDone % 0 is NaN, never 0
      if (config.evalEvery > 0 && trainer.updatesDone % config.evalEvery === 0) await evaluate();
    }
    if (curve.evals.at(-1)!.update !== trainer.updatesDone) await evaluate();
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
