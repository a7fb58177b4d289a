// One policy's side of GRPO: the behaviour-cloning warm-up, the frozen KL reference, and one update from episodes
// that are already played and scored (advantages -> TrainBatch -> mu trainStep calls). The single-agent Trainer and
// each agent of a multi-agent team (src/multi) learn through it.

import type { Config } from '../core/config-table';
import type { Policy, StepHyper, StepMetrics, TrainBatch } from '../model/policy-api';
import { computeAdvantages, turnAdvantage } from './advantages';
import type { Demonstrations } from './bc';
import { pickRows, turnRows, type EpisodeRecord } from './rollout';
import { stepBonus } from './step-bonus';
import { turnGain } from './turn-gain';
import { cutOff, keepTopEntropy, sequenceRatioBatch } from './token-masks';
import { aggregationWeights } from './weights';

/** Linear warmup over the first `warmup` updates. */
function learningRate(lr: number, warmup: number, update: number): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: warmup 0 gives lr * min(1, Infinity) = lr too
  return warmup > 0 ? lr * Math.min(1, (update + 1) / warmup) : lr;
}

/**
 * Starts GRPO with AdamW's first moments at zero. They are a direction, BC's, and kept they would go on moving the
 * policy along BC's gradients for dozens of updates whatever the rewards say (on card-battler, 3 fights at 80 hp,
 * temperature 0.5, seed 1: greedy eval 0.00 after BC, 0.45 within 20 updates whose 320 training episodes won 3
 * times; 0.00 with them zeroed). The second moments are a per-weight scale, not a direction, and stay with the step count, so
 * RL's first steps are sized as BC's last were (a fresh AdamW's first step moves every weight by the full lr).
 */
async function clearMomentum(policy: Policy): Promise<void> {
  const s = await policy.getState();
  await policy.setState({ ...s, adamM: new Float32Array(s.adamM.length) });
}

function stepHyper(c: Config, lr: number): StepHyper {
  return {
    objective: 'grpo',
    lr,
    beta: c.beta,
    epsLow: c.clipLow,
    epsHigh: c.clipHigh,
    gradClip: c.gradClip,
    weightDecay: c.weightDecay,
    temperature: c.temperature,
    entropyCoef: c.entropyCoef,
  };
}

/** What one update did. */
export interface LearnerStep {
  /** (E) each episode's advantage (0 for left-out ones). */
  advantages: Float64Array;
  fracZeroStd: number;
  /** The optimiser steps' metrics averaged over the mu passes. */
  step: StepMetrics;
  /** Shares of the loss mask's action tokens whose ratio was clipped below, above, either (mean over the passes). */
  clip: { low: number; high: number; region: number };
  /** Plain mean of the sampling entropy over every action token the episodes generated. */
  entropy: number;
  /** (E) episodes left out of the loss as truncated completions (maskTruncatedCompletions). */
  cutOff: boolean[];
  lr: number;
  /** Width T of the batch's rows (row n of `after` starts at n * T). */
  width: number;
  /** (N, T) log-probs of the batch after the update, when asked for; rows are the episodes' turns in order. */
  after: Float32Array | null;
}

export class Learner {
  private reference: Policy | null = null;

  constructor(
    readonly policy: Policy,
    /** A fresh policy of the same shape, for the frozen reference (made only when beta > 0). */
    private readonly createPolicy: () => Promise<Policy>,
    /** The reference's parameters (after BC, or at init: config.ref). */
    readonly referenceParams: Float32Array,
  ) {}

  /** config.bcSteps of behaviour cloning on `demos`, then the reference is fixed. */
  static async warmUp(
    config: Config,
    policy: Policy,
    createPolicy: () => Promise<Policy>,
    demos: Demonstrations,
    onBcStep?: (step: number, loss: number) => void,
  ): Promise<Learner> {
    const initParams = config.ref === 'init' ? await policy.getParams() : null;
    const hyper: StepHyper = { ...stepHyper(config, config.lr), objective: 'ce' };
    for (let s = 0; s < config.bcSteps; s++) {
      hyper.lr = learningRate(config.bcLr, config.warmup, s);
      const m = await policy.trainStep(demos.next(), hyper);
      onBcStep?.(s, m.loss);
    }
    if (config.bcSteps > 0) await clearMomentum(policy);
    const reference = initParams ?? (await policy.getParams());
    return new Learner(policy, createPolicy, reference);
  }

  /**
   * One GRPO update on B groups of G played episodes.
   * @param episodes (B*G) group b at [b*G, (b+1)*G); each turn is one row: context ++ action, loss on the action only
   * @param rewards (B*G) scalar rewards
   * @param valid (B*G) which episodes count (truncation = 'mask')
   * @param maxLen the generation budget of an episode, in tokens (dr_grpo's normaliser)
   */
  async update(
    episodes: readonly EpisodeRecord[],
    rewards: readonly number[],
    valid: readonly boolean[],
    c: Config,
    update: number,
    maxLen: number,
    ratios = false,
  ): Promise<LearnerStep> {
    const { advantages, fracZeroStd } = computeAdvantages(rewards, c.group, c.adv, valid);
    const cut = episodes.map((e) => c.maskTruncatedCompletions && cutOff(e));
    // (N) in turn order: each turn's own credit under the per-turn modes
    const perTurn = c.adv === 'step-bonus' ? stepBonus(episodes, c.group, c.truncation).flat() : c.adv === 'turn-gain' ? turnGain(episodes).flat() : null;

    // rows = turns, loss only on action tokens
    const { batch, spans } = turnRows(episodes);
    const turns = episodes.flatMap((e) => e.turns);
    const T = batch.width;
    const oldLogp = new Float32Array(batch.rows * T); // (N, T) the behaviour policy's log-probs
    // (N) the row's episode advantage (a refused turn's: failedTurnCredit), plus its own credit under adv 'step-bonus' or 'turn-gain'
    const advantage = new Float32Array(batch.rows);
    turns.forEach((t, n) => {
      const e = spans[n].episode;
      const counted = valid[e] && !cut[e];
      oldLogp.set(t.logp, n * T + t.prompt.length);
      advantage[n] = turnAdvantage(advantages[e], t.error !== undefined, c.failedTurnCredit, counted) + (perTurn && counted ? perTurn[n] : 0);
    });
    const weight = aggregationWeights(spans, T, c.agg, maxLen, { valid, masked: cut });
    const maskTokens = countNonZero(weight); // the loss mask's tokens: the clip ratios' denominator
    // Stryker disable next-line ConditionalExpression,EqualityOperator: quantile 1 keeps every token (none below the minimum)
    if (c.topEntropyQuantile < 1) keepTopEntropy(weight, turns, spans, T, c.topEntropyQuantile);
    const train: TrainBatch = {
      ...batch,
      weight,
      advantage,
      oldLogp,
      refLogp: c.beta > 0 ? await (await this.referencePolicy()).logprobs(batch, c.temperature) : null,
    };
    // With beta = 0 and no entropy bonus a row whose advantage is 0 has exactly zero gradient: train without it (the
    // weights keep the whole batch's normalisers). One row always stays, as AdamW moves the parameters even on a zero
    // gradient.
    const signal = [...advantage.keys()].filter((n) => advantage[n] !== 0);
    const rows = c.beta > 0 || c.entropyCoef > 0 ? null : signal.length > 0 ? signal : [0];
    const trained = rows ? pickRows(train, rows) : train;
    const trainedSpans = rows ? rows.map((n) => spans[n]) : spans;
    const lr = learningRate(c.lr, c.warmup, update);
    const hyper = stepHyper(c, lr);
    const steps: StepMetrics[] = [];
    for (let i = 0; i < c.mu; i++) {
      const b = c.importanceSamplingLevel === 'sequence' ? sequenceRatioBatch(trained, trainedSpans, await this.policy.logprobs(trained, c.temperature)) : trained;
      steps.push(await this.policy.trainStep(b, hyper));
    }
    const after = ratios ? await this.policy.logprobs(batch, c.temperature) : null;
    const step = meanStep(steps);
    const share = (n: number) => (maskTokens > 0 ? n / maskTokens : 0);
    const clip = { low: share(step.lowClipped), high: share(step.highClipped), region: share(step.lowClipped + step.highClipped) };
    return { advantages, fracZeroStd, step, clip, entropy: samplingEntropy(episodes), cutOff: cut, lr, width: T, after };
  }

  dispose(): void {
    this.policy.dispose();
    this.reference?.dispose();
  }

  /** The frozen reference, made on first use (beta may be raised mid-run). */
  private async referencePolicy(): Promise<Policy> {
    if (!this.reference) {
      const ref = await this.createPolicy();
      await ref.setParams(this.referenceParams);
      this.reference = ref;
    }
    return this.reference;
  }
}

function countNonZero(xs: Float32Array): number {
  let n = 0;
  for (const x of xs) if (x !== 0) n++;
  return n;
}

/** Plain mean of the entropies recorded at sampling time over every generated action token (0 when none). */
export function samplingEntropy(episodes: readonly EpisodeRecord[]): number {
  let sum = 0;
  let n = 0;
  for (const e of episodes) {
    for (const t of e.turns) {
      for (const h of t.entropy ?? []) sum += h;
      n += t.entropy?.length ?? 0;
    }
  }
  return n > 0 ? sum / n : 0;
}

function meanStep(steps: readonly StepMetrics[]): StepMetrics {
  const m = (k: keyof StepMetrics) => steps.reduce((a, s) => a + s[k], 0) / Math.max(1, steps.length);
  return {
    loss: m('loss'),
    policyLoss: m('policyLoss'),
    kl: m('kl'),
    entropy: m('entropy'),
    lowClipped: m('lowClipped'),
    highClipped: m('highClipped'),
    tokens: m('tokens'),
    gradNorm: m('gradNorm'),
  };
}
