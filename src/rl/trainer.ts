// The GRPO training loop, top to bottom: rollout -> rewards and advantages -> update -> metrics.
// One Trainer drives one run; the CLI and the trainer worker both call step() once per update.
// No DOM and no Node APIs here: it runs in a Web Worker as well as in Node.

import type { Config } from '../core/config-table';
import { Rng } from '../core/rng';
import type { EnvSpec } from '../envs/api';
import type { Precision } from '../model/ops';
import type { Policy } from '../model/policy-api';
import type { Skill } from '../skills/types';
import { episodeReward, sampleStd } from './advantages';
import { Demonstrations, expertDemonstrator } from './bc';
import { CHECKPOINT_VERSION, type Checkpoint, type PolicySnapshot } from './checkpoint';
import type { Metrics } from './metrics';
import { Learner } from './learner';
import { envOptionsFor, maxTurnsOf, rollout, rolloutOptionsFor, type AgentIO, type EpisodeRecord, type RolloutStats } from './rollout';
import type { RolloutService } from './rollout-service';

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

export class Trainer {
  private rollouts: RolloutService | null = null;

  private constructor(
    private config: Config,
    private readonly parts: TrainerParts,
    private readonly options: TrainerOptions,
    private update: number,
    private readonly rng: { tasks: Rng; sample: Rng },
    private readonly learner: Learner,
    private pending: EpisodeRecord[] | null,
  ) {}

  /** A new run: behaviour-cloning warm-up (config.bcSteps), then ready for GRPO updates. */
  static async create(config: Config, parts: TrainerParts, options: TrainerOptions = {}): Promise<Trainer> {
    const root = Rng.fromSeed(config.seed);
    const spec = parts.spec;
    const demos = new Demonstrations(expertDemonstrator(spec, envOptionsFor(spec, config.difficulty), parts.io, maxTurnsOf(spec, config)), root.split('bc'));
    const learner = await Learner.warmUp(config, parts.policy, parts.createPolicy, demos, options.onBcStep);
    return new Trainer(config, parts, options, 0, { tasks: root.split('tasks'), sample: root.split('sample') }, learner, null);
  }

  /** Continues a run from a checkpoint; `parts` must be built for checkpoint.config. */
  static async resume(checkpoint: Checkpoint, parts: TrainerParts, options: TrainerOptions = {}): Promise<Trainer> {
    if (checkpoint.version !== CHECKPOINT_VERSION) throw new Error(`checkpoint version ${checkpoint.version} is not ${CHECKPOINT_VERSION}`);
    await parts.policy.setState(checkpoint.policy);
    const tasks = new Rng('resumed/tasks');
    const sample = new Rng('resumed/sample');
    tasks.setState(checkpoint.rng.tasks);
    sample.setState(checkpoint.rng.sample);
    const learner = new Learner(parts.policy, parts.createPolicy, checkpoint.reference);
    return new Trainer(checkpoint.config, parts, options, checkpoint.update, { tasks, sample }, learner, checkpoint.pending);
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

  /** The precision its forward products run at. */
  get precision(): Precision {
    return this.parts.policy.precision;
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
      if (this.rollouts) elsewhere = this.collectElsewhere(await policy.getParams());
      else this.pending = await collect();
    } else {
      episodes = await collect();
      this.pending = null;
    }

    // ---- rewards, advantages and update: one scalar per episode, normalised within its group; loss on action tokens
    const rewards = episodes.map((e) => episodeReward(e, c.reward, c.truncation));
    const valid = episodes.map((e) => !(c.truncation === 'mask' && e.truncated));
    const { advantages, fracZeroStd, step, lr, width: T, after } = await this.learner.update(
      episodes, rewards, valid, c, this.update, maxTurnsOf(spec, c) * io.maxActionTokens, this.options.ratios,
    );
    if (elsewhere) {
      const more = await elsewhere;
      stats = { tokens: stats.tokens + more.stats.tokens, envSteps: stats.envSteps + more.stats.envSteps };
      rolloutMs += more.ms;
    }

    // ---- metrics: the fixed vocabulary, every update
    const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const rolloutS = Math.max(rolloutMs, 1e-3) / 1000;
    const metrics: Metrics = {
      'reward/mean': mean(rewards),
      'reward/std': sampleStd(rewards),
      'reward/frac_zero_std': fracZeroStd,
      'episode/success': mean(episodes.map((e) => (e.success ? 1 : 0))),
      'episode/length': mean(episodes.map((e) => e.turns.reduce((n, t) => n + t.action.length, 0))),
      'episode/turns': mean(episodes.map((e) => e.turns.length)),
      'loss/policy': step.policyLoss,
      'loss/kl': step.kl,
      'policy/entropy': step.entropy,
      'policy/clip_ratio': step.clipRatio,
      'optim/grad_norm': step.gradNorm,
      'optim/lr': lr,
      'perf/tokens_per_s': stats.tokens / rolloutS,
      'perf/env_steps_per_s': stats.envSteps / rolloutS,
      'perf/update_ms': performance.now() - started,
    };
    let row = 0;
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
  private async collectElsewhere(params: Float32Array): Promise<{ stats: RolloutStats; ms: number }> {
    const seeds = Array.from({ length: this.config.tasks }, () => this.rng.tasks.nextU32());
    const t0 = performance.now();
    const got = await this.rollouts!.collect({ config: this.config, params, seeds, sample: this.rng.sample.getState() });
    this.rng.sample.setState(got.sample);
    this.pending = got.episodes;
    return { stats: got.stats, ms: performance.now() - t0 };
  }

  /** The policy as it is now, for an export: one parameter readback, no AdamW moments or reference. */
  async snapshot(): Promise<PolicySnapshot> {
    return { config: this.config, vocab: [...this.parts.io.vocab], policy: { params: await this.parts.policy.getParams() } };
  }

  /** Everything needed to continue this run bit-identically. */
  async checkpoint(): Promise<Checkpoint> {
    return {
      version: CHECKPOINT_VERSION,
      config: this.config,
      update: this.update,
      vocab: [...this.parts.io.vocab],
      policy: await this.parts.policy.getState(),
      reference: this.learner.referenceParams.slice(),
      rng: { tasks: this.rng.tasks.getState(), sample: this.rng.sample.getState() },
      pending: this.pending,
      ...(this.parts.skills ? { skills: [...this.parts.skills] } : {}),
    };
  }

  dispose(): void {
    this.learner.dispose();
  }
}
