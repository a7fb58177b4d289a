// The contract between the policy (src/model, on either backend) and the trainer (src/rl).
// Sequences are rows of token ids; position t of a row is predicted from positions < t.

import type { Rng, RngState } from '../core/rng';
import type { Precision } from './ops';

/** A batch of token rows, right-padded. */
export interface TokenBatch {
  rows: number; // N
  width: number; // T (<= the model's context window)
  tokens: Int32Array; // (N, T) token ids, PAD after each row's length
  lengths: Int32Array; // (N) tokens used in each row
}

/** One GRPO (or behaviour-cloning) update's inputs. */
export interface TrainBatch extends TokenBatch {
  /** (N, T) weight of the loss term predicting tokens[n, t]; 0 masks it (goal, observations, padding).
   * The trainer folds the aggregation (grpo, bnpo, dr_grpo, token_mean) into these weights. */
  weight: Float32Array;
  /** (N) advantage of each row (every action token of an episode shares it). Unused for 'ce'. */
  advantage: Float32Array;
  /** (N, T) log-probabilities under the policy that generated the data. Unused for 'ce'. */
  oldLogp: Float32Array;
  /** (N, T) log-probabilities under the frozen reference, or null when beta = 0. */
  refLogp: Float32Array | null;
}

export interface StepHyper {
  objective: 'grpo' | 'ce';
  lr: number;
  beta: number; // k3 KL coefficient
  epsLow: number;
  epsHigh: number;
  gradClip: number; // global norm; 0 = no clipping
  weightDecay: number;
  temperature: number; // logits are divided by it in both sampling and training
  /** Entropy bonus (TRL's entropy_coef): the loss gets -entropyCoef * (mean entropy over the tokens in the loss). Default 0. */
  entropyCoef?: number;
}

/** What one optimizer step measured over the tokens in the loss (weight != 0). */
export interface StepMetrics {
  loss: number; // the weighted loss, entropy bonus included
  policyLoss: number; // the weighted clipped surrogate (or cross-entropy)
  kl: number; // plain mean of the clamped k3 KL (0 when beta = 0)
  entropy: number; // plain mean entropy of the full next-token distribution
  lowClipped: number; // tokens whose ratio was clipped below (ratio < 1 - epsLow, A < 0)
  highClipped: number; // tokens clipped above (ratio > 1 + epsHigh, A > 0)
  tokens: number; // tokens in the loss
  gradNorm: number; // before clipping
}

export interface GenerateOptions {
  temperature: number;
  topP: number;
  maxNewTokens: number;
  rng: Rng;
  /** When set, only tokens this function allows may be sampled next (grammar-constrained decoding). */
  allowed?: (row: number, generatedSoFar: readonly number[]) => ArrayLike<number> | null;
}

export interface Generation {
  /** Per row, the sampled tokens up to and including END (or maxNewTokens). */
  tokens: number[][];
  /** Per row, the log-probability of each sampled token under the (unconstrained, temperature-scaled) policy. */
  logp: number[][];
  /** Per row, the entropy of the distribution each token was sampled from (temperature, grammar mask, top-p). */
  entropy: number[][];
}

export interface PolicyState {
  params: Float32Array;
  adamM: Float32Array;
  adamV: Float32Array;
  step: number;
  rng?: RngState;
}

/** A policy on one backend. Async because the WebGPU backend reads results back from the GPU. */
export interface Policy {
  readonly backend: 'cpu' | 'webgpu';
  /** The precision its forward products run at (see Precision). */
  readonly precision: Precision;
  readonly window: number; // context length T_max
  readonly parameterCount: number;
  /** Batched, KV-cached sampling of one action per prompt row. */
  generate(prompts: readonly (readonly number[])[], opts: GenerateOptions): Promise<Generation>;
  /** (N, T) log P(tokens[n, t] | tokens[n, < t]) with logits / temperature; 0 at t = 0 and on padding. */
  logprobs(batch: TokenBatch, temperature: number): Promise<Float32Array>;
  /** Forward, loss, backward, gradient clipping and one AdamW step. */
  trainStep(batch: TrainBatch, hyper: StepHyper): Promise<StepMetrics>;
  getState(): Promise<PolicyState>;
  setState(state: PolicyState): Promise<void>;
  /** (P) a copy of the parameters alone: what playing needs, without the optimizer's moments. */
  getParams(): Promise<Float32Array>;
  /** Replaces the parameters, leaving the optimizer state as it is. */
  setParams(params: Float32Array): Promise<void>;
  dispose(): void;
}
