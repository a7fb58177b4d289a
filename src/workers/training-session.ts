// One training run inside the trainer worker: builds the Trainer on the worker's device, plays update after
// update, saves to IndexedDB, and handles failures (NaN loss stops the run with its last good checkpoint kept;
// a lost GPU device resumes from the last checkpoint on a new device or on the CPU).
import type { Config } from '../core/config-table';
import { exportCheckpoint } from '../onnx/export';
import { decodeCheckpoint, type Checkpoint } from '../rl/checkpoint';
import { createTrainer, resumeTrainer, type Assembled } from '../rl/setup';
import type { Hyper, Trainer, UpdateReport } from '../rl/trainer';
import { getEnvSpec } from '../envs/registry';
import { loadLibrary } from '../skills/persist';
import type { Skill } from '../skills/types';
import { getRun, latestCheckpoint, type GreenhouseDB } from '../storage';
import type { RunStarted, StartRequest, TrainingListener } from './protocol';
import type { RolloutHandle } from './rollout-client';
import { RunSaver } from './run-saver';

export interface SessionDeps {
  /** The worker's GPU device, or null for the CPU backend; `fresh` asks for a new one after a loss. */
  device(fresh: boolean): Promise<GPUDevice | null>;
  db: GreenhouseDB | null;
  /** For async runs: a rollout worker with a policy copy (config.backend: the trainer's real backend). */
  rollouts?: (config: Config, vocab: readonly string[], skills?: readonly Skill[]) => Promise<RolloutHandle>;
}

export class TrainingSession {
  private playing = false;
  private loop: Promise<void> | null = null;
  private delayMs = 0;
  private lastGood: Checkpoint | null = null;
  private deviceLost = false;
  private disposed = false;
  private rollouts: RolloutHandle | null = null;

  private constructor(
    private trainer: Trainer,
    private readonly saver: RunSaver,
    private readonly listener: TrainingListener,
    private readonly deps: SessionDeps,
    readonly started: RunStarted,
  ) {}

  static async start(request: StartRequest, listener: TrainingListener, deps: SessionDeps): Promise<TrainingSession> {
    const warn = (message: string) => listener.onStatus({ kind: 'warning', message });
    const device = await deps.device(false);
    let assembled: Assembled;
    let saver: RunSaver;
    if (request.kind === 'new') {
      const bcSteps = request.config.bcSteps;
      assembled = await createTrainer(request.config, {
        device: device ?? undefined,
        skills: request.config.skills ? await storedSkills(deps.db, request.config.env) : undefined,
        ratios: true,
        onBcStep: (step, loss) => listener.onStatus({ kind: 'bc', step: step + 1, of: bcSteps, loss }),
      });
      const name = request.name ?? `${request.config.env} seed ${request.config.seed}`;
      saver = await RunSaver.create(deps.db, request.config, name, warn);
    } else {
      if (!deps.db) throw new Error('IndexedDB is unavailable: saved runs cannot be resumed');
      const run = await getRun(deps.db, request.runId);
      if (!run) throw new Error(`no saved run with id ${request.runId}`);
      const record = await latestCheckpoint(deps.db, request.runId);
      if (!record) throw new Error(`run '${run.name}' has no checkpoint yet: it cannot be resumed`);
      const checkpoint = decodeCheckpoint(record.data as Uint8Array);
      assembled = await resumeTrainer(checkpoint, { device: device ?? undefined, ratios: true });
      saver = RunSaver.existing(deps.db, request.runId, warn);
    }
    const { trainer, note } = assembled;
    const first = await trainer.checkpoint();
    const started: RunStarted = {
      runId: saver.runId,
      config: trainer.currentConfig,
      update: trainer.updatesDone,
      vocab: first.vocab,
      backendNote: note,
      backend: trainer.backend,
    };
    const session = new TrainingSession(trainer, saver, listener, deps, started);
    session.lastGood = first;
    await session.attachRollouts(first);
    if (request.kind === 'new') await saver.saveCheckpoint(first);
    device?.lost.then((info) => session.onDeviceLost(info.message));
    return session;
  }

  setDelay(ms: number): void {
    this.delayMs = Math.max(0, Math.min(10_000, ms));
  }

  setHyper(hyper: Partial<Hyper>): void {
    this.trainer.setHyper(hyper);
  }

  /** Plays until paused, done or failed; a second call while playing returns the same loop. */
  play(): Promise<void> {
    if (this.loop) return this.loop;
    this.playing = true;
    this.listener.onStatus({ kind: 'running' });
    this.loop = (async () => {
      try {
        while (this.playing && !this.finished()) {
          if (!(await this.updateOnce())) return;
          if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
        }
        if (this.finished()) await this.finish();
      } finally {
        this.loop = null;
        this.playing = false;
      }
    })();
    return this.loop;
  }

  /** The policy as it is now, as ONNX bytes. */
  async exportOnnx(): Promise<Uint8Array> {
    return exportCheckpoint(await this.trainer.snapshot());
  }

  async pause(): Promise<void> {
    this.playing = false;
    await this.loop;
    if (!this.finished()) {
      await this.saver.setStatus('paused');
      await this.saver.saveCheckpoint(await this.trainer.checkpoint());
      this.listener.onStatus({ kind: 'paused' });
    }
  }

  async step(): Promise<void> {
    if (this.loop || this.finished()) return;
    if ((await this.updateOnce()) && this.finished()) await this.finish();
  }

  dispose(): void {
    this.playing = false;
    this.disposed = true;
    this.trainer.dispose();
    this.rollouts?.dispose();
  }

  /** Async runs play their next batch in a rollout worker while the trainer updates; without one, in turn. */
  private async attachRollouts(checkpoint: Checkpoint): Promise<void> {
    this.rollouts?.dispose();
    this.rollouts = null;
    this.trainer.useRollouts(null);
    if (!this.trainer.currentConfig.async || !this.deps.rollouts) return;
    try {
      const { backend, precision } = this.trainer;
      this.rollouts = await this.deps.rollouts({ ...this.trainer.currentConfig, backend, f16: precision === 'f16' }, checkpoint.vocab, checkpoint.skills);
      this.trainer.useRollouts(this.rollouts);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      this.listener.onStatus({ kind: 'warning', message: `No rollout worker (${why}): async rollouts run in the trainer worker, in turn with the updates.` });
    }
  }

  private finished(): boolean {
    return this.trainer.updatesDone >= this.trainer.currentConfig.updates;
  }

  private async finish(): Promise<void> {
    await this.saver.saveCheckpoint(await this.trainer.checkpoint());
    await this.saver.setStatus('done');
    this.listener.onStatus({ kind: 'done' });
  }

  /** One update, saved and reported. False when training had to stop. */
  private async updateOnce(): Promise<boolean> {
    let report: UpdateReport;
    try {
      report = await this.trainer.step();
    } catch (err) {
      if (this.deviceLost) return this.recover();
      return this.fail(`update ${this.trainer.updatesDone + 1} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (this.deviceLost) return this.recover();
    const bad = Object.entries(report.metrics).find(([name, v]) => !name.startsWith('perf/') && !Number.isFinite(v));
    if (bad) {
      const at = this.lastGood ? `update ${this.lastGood.update}` : 'the start';
      return this.fail(`${bad[0]} became ${bad[1]} at update ${report.update + 1}: training stopped; the checkpoint from ${at} is kept`);
    }
    const every = this.trainer.currentConfig.checkpointEvery;
    await this.saver.saveUpdate(report);
    if (every > 0 && this.trainer.updatesDone % every === 0) {
      this.lastGood = await this.trainer.checkpoint();
      await this.saver.saveCheckpoint(this.lastGood);
    }
    this.listener.onUpdate(report);
    return true;
  }

  private async fail(message: string): Promise<false> {
    this.playing = false;
    await this.saver.setStatus('failed', message);
    this.listener.onStatus({ kind: 'failed', message });
    return false;
  }

  private onDeviceLost(reason: string): void {
    if (this.disposed) return;
    this.deviceLost = true;
    this.listener.onStatus({ kind: 'warning', message: `GPU device lost (${reason || 'no reason given'}); recovering…` });
    if (!this.loop) void this.recover();
  }

  /** After a lost device: rebuild the trainer from the last good checkpoint on a new device, or the CPU. */
  private async recover(): Promise<boolean> {
    this.deviceLost = false;
    const checkpoint = this.lastGood;
    if (!checkpoint) return this.fail('the GPU device was lost before any checkpoint existed');
    const device = await this.deps.device(true);
    const config = device ? checkpoint.config : { ...checkpoint.config, backend: 'cpu' as const };
    const { trainer, note } = await resumeTrainer({ ...checkpoint, config }, { device: device ?? undefined, ratios: true });
    this.trainer.dispose();
    this.trainer = trainer;
    await this.attachRollouts(checkpoint);
    device?.lost.then((info) => this.onDeviceLost(info.message));
    this.listener.onStatus({
      kind: 'recovered',
      message: `The GPU device was lost; training continues from update ${checkpoint.update} on ${note}.`,
      update: checkpoint.update,
    });
    return true;
  }
}

/** The stored library's skills for an env's family, or undefined (then the trainer discovers its own from the seed). */
async function storedSkills(db: GreenhouseDB | null, env: string): Promise<Skill[] | undefined> {
  if (!db) return undefined;
  const skills = await loadLibrary(db, { family: getEnvSpec(env).family });
  return skills.length > 0 ? skills : undefined;
}
