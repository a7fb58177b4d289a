// The GRPO training loop, top to bottom: rollout -> rewards and advantages -> update -> metrics.
// One Trainer drives one run; the CLI and the trainer worker both call step() once per update.
// No DOM and no Node APIs here: it runs in a Web Worker as well as in Node.

import type { Config } from '../core/config-table';
import { Rng } from '../core/rng';
import type { EnvSpec } from '../envs/api';
import { maxLevel } from '../envs/levels';
import type { Precision } from '../model/ops';
import type { Policy } from '../model/policy-api';
import type { Skill } from '../skills/types';
import { episodeReward, sampleStd } from './advantages';
import { Demonstrations, expertDemonstrator, type ExpertNoise } from './bc';
import { CHECKPOINT_VERSION, type Checkpoint, type PolicySnapshot } from './checkpoint';
import { Curriculum } from './curriculum';
import { evaluate, type EvalOptions, type Evaluation } from './evaluate';
import { withTrlNames, type Metrics } from './metrics';
import { Learner } from './learner';
import { envOptionsFor, maxTurnsOf, rollout, rolloutOptionsFor, type AgentIO, type EpisodeRecord, type RolloutStats } from './rollout';
import type { RolloutService } from './rollout-service';
import { cutOff } from './token-masks';

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
  /** The legal actions at a state, for a noisy expert's random ones (config.bcNoise > 0 needs it). */
  legalActions?: ExpertNoise['legal'];
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
  /** The difficulty level it was played at (the curriculum's). */
  level: number;
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

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export class Trainer {
  private rollouts: RolloutService | null = null;

  private constructor(
    private config: Config,
    private readonly parts: TrainerParts,
    private readonly options: TrainerOptions,
    private update: number,
    private readonly rng: { tasks: Rng; sample: Rng },
    private readonly learner: Learner,
    /** Async: the batch played last update for this one, and the level it was played at. */
    private pending: { episodes: EpisodeRecord[]; level: number } | null,
    private readonly curriculum: Curriculum,
  ) {}

  /**
   * A new run: behaviour-cloning warm-up (config.bcSteps on config.bcDemos distinct demonstrations, from an expert
   * noisy by config.bcNoise, with config.bcMistakes' refused actions), then ready for GRPO updates.
   */
  static async create(config: Config, parts: TrainerParts, options: TrainerOptions = {}): Promise<Trainer> {
    const root = Rng.fromSeed(config.seed);
    const spec = parts.spec;
    let noise: ExpertNoise | undefined;
    if (config.bcNoise > 0) {
      if (!parts.legalActions) throw new Error('bcNoise > 0 needs the env\'s legal actions (TrainerParts.legalActions)');
      noise = { share: config.bcNoise, legal: parts.legalActions };
    }
    const demonstrator = expertDemonstrator(spec, envOptionsFor(spec, config.difficulty), parts.io, maxTurnsOf(spec, config), noise, config.bcMistakes);
    const demos = new Demonstrations(demonstrator, root.split('bc'), config.bcDemos);
    const learner = await Learner.warmUp(config, parts.policy, parts.createPolicy, demos, options.onBcStep);
    return new Trainer(config, parts, options, 0, { tasks: root.split('tasks'), sample: root.split('sample') }, learner, null, new Curriculum(config, maxLevel(spec)));
  }

  /** Continues a run from a checkpoint; `parts` must be built for checkpoint.config. */
  static async resume(checkpoint: Checkpoint, parts: TrainerParts, options: TrainerOptions = {}): Promise<Trainer> {
    if (checkpoint.version !== CHECKPOINT_VERSION) throw new Error(`checkpoint version ${checkpoint.version} is not ${CHECKPOINT_VERSION}`);
    await parts.policy.setState(checkpoint.policy);
    // Stryker disable next-line StringLiteral: setState below replaces all the state the key made
    const tasks = new Rng('resumed/tasks');
    // Stryker disable next-line StringLiteral: the same
    const sample = new Rng('resumed/sample');
    tasks.setState(checkpoint.rng.tasks);
    sample.setState(checkpoint.rng.sample);
    const learner = new Learner(parts.policy, parts.createPolicy, checkpoint.reference);
    const curriculum = new Curriculum(checkpoint.config, maxLevel(parts.spec), checkpoint.curriculum);
    const pending = checkpoint.pending && { episodes: checkpoint.pending, level: checkpoint.pendingLevel ?? curriculum.level };
    return new Trainer(checkpoint.config, parts, options, checkpoint.update, { tasks, sample }, learner, pending, curriculum);
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

  /** The difficulty level training plays at now (the curriculum's, else config.difficulty). */
  get level(): number {
    return this.curriculum.level;
  }

  /** Changes lr, beta or temperature from the next update on. */
  setHyper(h: Partial<Hyper>): void {
    this.config = { ...this.config, ...h };
  }

  /** The policy as it is now on the run's evaluation tasks (test split), greedy and sampled; no training stream moves. */
  evaluate(o: EvalOptions = {}): Promise<Evaluation> {
    return evaluate(this.parts.policy, this.parts.io, this.parts.spec, this.config, o);
  }

  /** One GRPO update; it ends with an evaluation every config.evalEvery updates and at the run's last one. */
  async step(): Promise<UpdateReport> {
    const started = performance.now();
    const c = this.config;
    const { policy, io, spec } = this.parts;
    const G = c.group;
    const level = this.curriculum.level;

    // ---- rollout: B task instances x G episodes with the current policy (async: the batch made last update)
    let stats: RolloutStats = { tokens: 0, envSteps: 0 };
    let rolloutMs = 0;
    const collect = async (): Promise<EpisodeRecord[]> => {
      const t0 = performance.now();
      const seeds = Array.from({ length: c.tasks }, () => this.rng.tasks.nextU32());
      const out = await rollout(policy, io, seeds, G, rolloutOptionsFor(spec, c, this.rng.sample, level));
      rolloutMs += performance.now() - t0;
      stats = { tokens: stats.tokens + out.stats.tokens, envSteps: stats.envSteps + out.stats.envSteps };
      return out.episodes;
    };
    let episodes: EpisodeRecord[];
    let played = level; // the level this update's batch was played at
    let elsewhere: Promise<{ stats: RolloutStats; ms: number }> | null = null;
    if (c.async) {
      // The next batch comes from this policy, before it is updated: at most one update old when used.
      // With a rollout service it is played there while this update trains, and comes back the same.
      if (this.pending) ({ episodes, level: played } = this.pending);
      else episodes = await collect();
      if (this.rollouts) elsewhere = this.collectElsewhere(await policy.getParams(), level);
      else this.pending = { episodes: await collect(), level };
    } else {
      episodes = await collect();
      this.pending = null;
    }

    // ---- rewards, advantages and update: one scalar per episode, normalised within its group; loss on action tokens
    const rewards = episodes.map((e) => episodeReward(e, c.reward, c.truncation));
    const valid = episodes.map((e) => !(c.truncation === 'mask' && e.truncated));
    const learned = await this.learner.update(episodes, rewards, valid, c, this.update, maxTurnsOf(spec, c) * io.maxActionTokens, this.options.ratios);
    const { advantages, step, width: T, after } = learned;
    if (elsewhere) {
      const more = await elsewhere;
      stats = { tokens: stats.tokens + more.stats.tokens, envSteps: stats.envSteps + more.stats.envSteps };
      rolloutMs += more.ms;
    }

    // ---- curriculum: the level moves on this batch's training success
    const success = mean(episodes.map((e) => (e.success ? 1 : 0)));
    this.curriculum.record(success);

    // ---- metrics: the fixed vocabulary, every update; the evaluation's every evalEvery updates and at the last one
    const rolloutS = Math.max(rolloutMs, 1e-3) / 1000;
    const lengths = episodes.map((e) => e.turns.reduce((n, t) => n + t.action.length, 0));
    const metrics: Metrics = withTrlNames({
      'reward/mean': mean(rewards),
      'reward/std': sampleStd(rewards),
      'reward/frac_zero_std': learned.fracZeroStd,
      'episode/success': success,
      'episode/length': mean(lengths),
      'episode/turns': mean(episodes.map((e) => e.turns.length)),
      'loss/policy': step.policyLoss,
      'loss/kl': step.kl,
      'policy/entropy': learned.entropy,
      'policy/clip_ratio': learned.clip.region,
      'clip_ratio/low_mean': learned.clip.low,
      'clip_ratio/high_mean': learned.clip.high,
      'completions/min_length': Math.min(...lengths),
      'completions/max_length': Math.max(...lengths),
      'completions/clipped_ratio': mean(episodes.map((e) => (cutOff(e) ? 1 : 0))),
      'optim/grad_norm': step.gradNorm,
      'optim/lr': learned.lr,
      'env/level': played,
      'perf/tokens_per_s': stats.tokens / rolloutS,
      'perf/env_steps_per_s': stats.envSteps / rolloutS,
      'perf/update_ms': performance.now() - started,
    });
    const done = this.update + 1;
    if (c.evalEvery > 0 && (done % c.evalEvery === 0 || done === c.updates)) Object.assign(metrics, (await this.evaluate()).metrics);
    let row = 0;
    const views: EpisodeView[] = episodes.map((e, i) => ({
      task: e.task,
      member: e.member,
      seed: e.seed,
      level: played,
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
  private async collectElsewhere(params: Float32Array, level: number): Promise<{ stats: RolloutStats; ms: number }> {
    const seeds = Array.from({ length: this.config.tasks }, () => this.rng.tasks.nextU32());
    const t0 = performance.now();
    const got = await this.rollouts!.collect({ config: this.config, params, seeds, level, sample: this.rng.sample.getState() });
    this.rng.sample.setState(got.sample);
    this.pending = { episodes: got.episodes, level };
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
      pending: this.pending?.episodes ?? null,
      ...(this.pending ? { pendingLevel: this.pending.level } : {}),
      curriculum: this.curriculum.snapshot(),
      ...(this.parts.skills ? { skills: [...this.parts.skills] } : {}),
    };
  }

  dispose(): void {
    this.learner.dispose();
  }
}
