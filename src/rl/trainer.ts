// The GRPO training loop, top to bottom: rollout -> rewards and advantages -> update -> metrics.
// One Trainer drives one run; the CLI and the trainer worker both call step() once per update.
// No DOM and no Node APIs here: it runs in a Web Worker as well as in Node.

import type { Config } from '../core/config-table';
import { Rng } from '../core/rng';
import type { EnvSpec } from '../envs/api';
import type { Policy, PolicyState, StepHyper, StepMetrics, TrainBatch } from '../model/policy-api';
import type { Skill } from '../skills/types';
import { computeAdvantages, episodeReward, sampleStd } from './advantages';
import { Demonstrations } from './bc';
import { CHECKPOINT_VERSION, type Checkpoint } from './checkpoint';
import type { Metrics } from './metrics';
import { envOptionsFor, maxTurnsOf, pickRows, rollout, rolloutOptionsFor, turnRows, type AgentIO, type EpisodeRecord, type RolloutStats } from './rollout';
import type { RolloutService } from './rollout-service';
import { aggregationWeights } from './weights';

/** What a trainer is built from (see setup.ts for the real ones). */
export interface TrainerParts {
  spec: EnvSpec;
  io: AgentIO;
  /** The policy to train, initialised from the config's seed. */
  policy: Policy;
  /** A fresh policy of the same shape, for the frozen KL reference (made only when beta > 0). */
  createPolicy(): Promise<Policy>;
  /** With config.skills: the skills that are skill(0), skill(1), ... of spec, kept in checkpoints. */
  skills?: readonly Skill[];
}

export interface TrainerOptions {
  /** Called after each behaviour-cloning step with its cross-entropy loss. */
  onBcStep?: (step: number, loss: number) => void;
  /** Compute each action token's ratio after the update for the report (one extra forward pass). */
  ratios?: boolean;
}

/** Hyperparameters that may change between updates. */
export type Hyper = Pick<Config, 'lr' | 'beta' | 'temperature'>;

export interface TurnView {
  text: string;
  tokens: number[]; // the action's tokens, END included
  logp: number[]; // under the policy that generated them
  ratio: number[] | null; // exp(logp after the update - logp), when TrainerOptions.ratios
  error?: string;
}

export interface EpisodeView {
  task: number;
  member: number;
  seed: number;
  goal: string;
  reward: number;
  advantage: number;
  success: boolean;
  truncated: boolean;
  masked: boolean; // left out of the loss (truncation = 'mask')
  turns: TurnView[];
}

export interface UpdateReport {
  update: number; // 0-based index of the update just done
  metrics: Metrics;
  episodes: EpisodeView[]; // (B*G), group b at [b*G, (b+1)*G)
}

/** Linear warmup over the first `warmup` updates. */
export function learningRate(lr: number, warmup: number, update: number): number {
  return warmup > 0 ? lr * Math.min(1, (update + 1) / warmup) : lr;
}

export class Trainer {
  private reference: Policy | null = null;
  private rollouts: RolloutService | null = null;

  private constructor(
    private config: Config,
    private readonly parts: TrainerParts,
    private readonly options: TrainerOptions,
    private update: number,
    private readonly rng: { tasks: Rng; sample: Rng },
    private readonly referenceParams: Float32Array,
    private pending: EpisodeRecord[] | null,
  ) {}

  /** A new run: behaviour-cloning warm-up (config.bcSteps), then ready for GRPO updates. */
  static async create(config: Config, parts: TrainerParts, options: TrainerOptions = {}): Promise<Trainer> {
    const root = Rng.fromSeed(config.seed);
    const initParams = (await parts.policy.getState()).params.slice();
    const spec = parts.spec;
    const demos = new Demonstrations(spec, envOptionsFor(spec, config.difficulty), parts.io, maxTurnsOf(spec, config), root.split('bc'));
    const hyper: StepHyper = { ...stepHyper(config, config.lr), objective: 'ce' };
    for (let s = 0; s < config.bcSteps; s++) {
      hyper.lr = learningRate(config.bcLr, config.warmup, s);
      const m = await parts.policy.trainStep(demos.next(), hyper);
      options.onBcStep?.(s, m.loss);
    }
    const reference = config.ref === 'init' ? initParams : (await parts.policy.getState()).params.slice();
    return new Trainer(config, parts, options, 0, { tasks: root.split('tasks'), sample: root.split('sample') }, reference, null);
  }

  /** Continues a run from a checkpoint; `parts` must be built for checkpoint.config. */
  static async resume(checkpoint: Checkpoint, parts: TrainerParts, options: TrainerOptions = {}): Promise<Trainer> {
    if (checkpoint.version !== CHECKPOINT_VERSION) throw new Error(`checkpoint version ${checkpoint.version} is not ${CHECKPOINT_VERSION}`);
    await parts.policy.setState(checkpoint.policy);
    const tasks = new Rng('resumed/tasks');
    const sample = new Rng('resumed/sample');
    tasks.setState(checkpoint.rng.tasks);
    sample.setState(checkpoint.rng.sample);
    return new Trainer(checkpoint.config, parts, options, checkpoint.update, { tasks, sample }, checkpoint.reference, checkpoint.pending);
  }

  /** Updates done so far. */
  get updatesDone(): number {
    return this.update;
  }

  get currentConfig(): Config {
    return this.config;
  }

  /** Where the policy runs. */
  get backend(): 'cpu' | 'webgpu' {
    return this.parts.policy.backend;
  }

  /** Changes lr, beta or temperature from the next update on. */
  setHyper(h: Partial<Hyper>): void {
    this.config = { ...this.config, ...h };
  }

  /** One GRPO update. */
  async step(): Promise<UpdateReport> {
    const started = performance.now();
    const c = this.config;
    const { policy, io, spec } = this.parts;
    const G = c.group;

    // ---- rollout: B task instances x G episodes with the current policy (async: the batch made last update)
    let stats: RolloutStats = { tokens: 0, envSteps: 0 };
    let rolloutMs = 0;
    const collect = async (): Promise<EpisodeRecord[]> => {
      const t0 = performance.now();
      const seeds = Array.from({ length: c.tasks }, () => this.rng.tasks.nextU32());
      const out = await rollout(policy, io, seeds, G, rolloutOptionsFor(spec, c, this.rng.sample));
      rolloutMs += performance.now() - t0;
      stats = { tokens: stats.tokens + out.stats.tokens, envSteps: stats.envSteps + out.stats.envSteps };
      return out.episodes;
    };
    let episodes: EpisodeRecord[];
    let elsewhere: Promise<{ stats: RolloutStats; ms: number }> | null = null;
    if (c.async) {
      // The next batch comes from this policy, before it is updated: at most one update old when used.
      // With a rollout service it is played there while this update trains, and comes back the same.
      episodes = this.pending ?? (await collect());
      if (this.rollouts) elsewhere = this.collectElsewhere(await policy.getState());
      else this.pending = await collect();
    } else {
      episodes = await collect();
      this.pending = null;
    }

    // ---- rewards and advantages: one scalar per episode, normalised within its group
    const rewards = episodes.map((e) => episodeReward(e, c.reward, c.truncation));
    const valid = episodes.map((e) => !(c.truncation === 'mask' && e.truncated));
    const { advantages, fracZeroStd } = computeAdvantages(rewards, G, c.adv, valid);

    // ---- update: rows = turns, loss only on action tokens, mu passes of AdamW over the batch
    const { batch, spans } = turnRows(episodes);
    const T = batch.width;
    const oldLogp = new Float32Array(batch.rows * T); // (N, T) the behaviour policy's log-probs
    const advantage = new Float32Array(batch.rows); // (N) the row's episode advantage
    let row = 0;
    for (const [e, ep] of episodes.entries()) {
      for (const t of ep.turns) {
        oldLogp.set(t.logp, row * T + t.prompt.length);
        advantage[row++] = advantages[e];
      }
    }
    const train: TrainBatch = {
      ...batch,
      weight: aggregationWeights(spans, T, c.agg, maxTurnsOf(spec, c) * io.maxActionTokens, valid),
      advantage,
      oldLogp,
      refLogp: c.beta > 0 ? await (await this.referencePolicy()).logprobs(batch, c.temperature) : null,
    };
    // With beta = 0 a row whose advantage is 0 has exactly zero gradient: train without it (the weights keep
    // the whole batch's normalisers). One row always stays, as AdamW moves the parameters even on a zero gradient.
    const signal = [...advantage.keys()].filter((n) => advantage[n] !== 0);
    const trained = c.beta > 0 ? train : pickRows(train, signal.length > 0 ? signal : [0]);
    const lr = learningRate(c.lr, c.warmup, this.update);
    const hyper = stepHyper(c, lr);
    const steps: StepMetrics[] = [];
    for (let i = 0; i < c.mu; i++) steps.push(await policy.trainStep(trained, hyper));
    const after = this.options.ratios ? await policy.logprobs(batch, c.temperature) : null;
    if (elsewhere) {
      const more = await elsewhere;
      stats = { tokens: stats.tokens + more.stats.tokens, envSteps: stats.envSteps + more.stats.envSteps };
      rolloutMs += more.ms;
    }

    // ---- metrics: the fixed vocabulary, every update
    const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const overSteps = (k: keyof StepMetrics) => mean(steps.map((s) => s[k]));
    const rolloutS = Math.max(rolloutMs, 1e-3) / 1000;
    const metrics: Metrics = {
      'reward/mean': mean(rewards),
      'reward/std': sampleStd(rewards),
      'reward/frac_zero_std': fracZeroStd,
      'episode/success': mean(episodes.map((e) => (e.success ? 1 : 0))),
      'episode/length': mean(episodes.map((e) => e.turns.reduce((n, t) => n + t.action.length, 0))),
      'episode/turns': mean(episodes.map((e) => e.turns.length)),
      'loss/policy': overSteps('policyLoss'),
      'loss/kl': overSteps('kl'),
      'policy/entropy': overSteps('entropy'),
      'policy/clip_ratio': overSteps('clipRatio'),
      'optim/grad_norm': overSteps('gradNorm'),
      'optim/lr': lr,
      'perf/tokens_per_s': stats.tokens / rolloutS,
      'perf/env_steps_per_s': stats.envSteps / rolloutS,
      'perf/update_ms': performance.now() - started,
    };
    row = 0;
    const views: EpisodeView[] = episodes.map((e, i) => ({
      task: e.task,
      member: e.member,
      seed: e.seed,
      goal: e.goal,
      reward: rewards[i],
      advantage: advantages[i],
      success: e.success,
      truncated: e.truncated,
      masked: !valid[i],
      turns: e.turns.map((t) => {
        const at = row++ * T + t.prompt.length;
        const ratio = after ? t.logp.map((lp, j) => Math.exp(after[at + j] - lp)) : null;
        return { text: t.text, tokens: t.action, logp: t.logp, ratio, ...(t.error ? { error: t.error } : {}) };
      }),
    }));
    return { update: this.update++, metrics, episodes: views };
  }

  /**
   * Plays the async mode's next batch on `service` (a rollout worker) while updates train, instead of in turn
   * with them; the episodes and the random streams come out exactly as in-process. null goes back in-process.
   */
  useRollouts(service: RolloutService | null): void {
    this.rollouts = service;
  }

  /** The next batch from the service with the policy's current parameters; sets `pending` and the sample stream. */
  private async collectElsewhere(state: PolicyState): Promise<{ stats: RolloutStats; ms: number }> {
    const seeds = Array.from({ length: this.config.tasks }, () => this.rng.tasks.nextU32());
    const t0 = performance.now();
    const got = await this.rollouts!.collect({ config: this.config, params: state.params, seeds, sample: this.rng.sample.getState() });
    this.rng.sample.setState(got.sample);
    this.pending = got.episodes;
    return { stats: got.stats, ms: performance.now() - t0 };
  }

  /** Everything needed to continue this run bit-identically. */
  async checkpoint(): Promise<Checkpoint> {
    return {
      version: CHECKPOINT_VERSION,
      config: this.config,
      update: this.update,
      vocab: [...this.parts.io.vocab],
      policy: await this.parts.policy.getState(),
      reference: this.referenceParams.slice(),
      rng: { tasks: this.rng.tasks.getState(), sample: this.rng.sample.getState() },
      pending: this.pending,
      ...(this.parts.skills ? { skills: [...this.parts.skills] } : {}),
    };
  }

  dispose(): void {
    this.parts.policy.dispose();
    this.reference?.dispose();
  }

  /** The frozen reference, made on first use (beta may be raised mid-run). */
  private async referencePolicy(): Promise<Policy> {
    if (!this.reference) {
      const ref = await this.parts.createPolicy();
      const state = await ref.getState();
      await ref.setState({ ...state, params: this.referenceParams.slice() });
      this.reference = ref;
    }
    return this.reference;
  }
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
  };
}
