// One training run inside the trainer worker: builds the Trainer on the worker's device, plays update after
// update, saves to IndexedDB, and handles failures. Every change of state goes through one RunMachine
// (run-state.ts), and every use of the trainer (an update, a checkpoint, an export, a recovery) goes through one
// queue, so no two ever overlap (WebGPU allows one pending map per buffer). A metric that becomes NaN stops the
// run with its last good checkpoint kept; a lost GPU device, idle or in the middle of an update, resumes from the
// last checkpoint on a new device or on the CPU.
import { checkField } from '../core/config';
import type { Config } from '../core/config-table';
import { getEnvSpec } from '../envs/registry';
import { exportCheckpoint } from '../onnx/export';
import { CheckpointError, readCheckpoint, type Checkpoint } from '../rl/checkpoint';
import { nonFiniteMetric } from '../rl/metrics';
import type { BasePolicy } from '../rl/pretrain';
import { createTrainer, resumeTrainer, type Assembled } from '../rl/setup';
import type { Hyper, Trainer, UpdateReport } from '../rl/trainer';
import { loadLibrary } from '../skills/persist';
import type { Skill } from '../skills/types';
import { getRun, listCheckpoints, type GreenhouseDB } from '../storage';
import type { Command, DeviceLoss, RunStarted, StartRequest, TrainingListener } from './protocol';
import type { RolloutHandle } from './rollout-client';
import { autoRunName, RunSaver } from './run-saver';
import { RunMachine } from './run-state';

export interface SessionDeps {
  /** The worker's GPU device, or null for the CPU backend; `fresh` asks for a new one after a loss. */
  device(fresh: boolean): Promise<GPUDevice | null>;
  db: GreenhouseDB | null;
  /** For async runs: a rollout worker with a policy copy (config.backend: the trainer's real backend). */
  rollouts?: (config: Config, vocab: readonly string[], skills?: readonly Skill[]) => Promise<RolloutHandle>;
  /** For init = 'base': the pretrained base policy of a model size (the page fetches public/base/<model>.ghbs). */
  base?: (model: Config['model']) => Promise<BasePolicy>;
}

/** How long a failed update waits for `device.lost`, which may settle after the update's own error. */
const LOSS_GRACE_MS = 3000;

const OK: Command = { ok: true };
const refused = (why: string): Command => ({ ok: false, refused: why });
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class TrainingSession {
  private readonly machine = new RunMachine();
  /** The play loop or the step in flight, for pause and close to wait on. */
  private running: Promise<Command> | null = null;
  /** Every use of the trainer, one after another. */
  private queue: Promise<unknown> = Promise.resolve();
  private delayMs = 0;
  private rollouts: RolloutHandle | null = null;
  private loseInNextUpdate = false;
  /** lr, beta or temperature changed since the last checkpoint, which must then be saved again. */
  private hyperChanged = false;

  private constructor(
    private trainer: Trainer,
    private device: GPUDevice | null,
    /** The latest checkpoint saved: what a lost device resumes from. */
    private lastGood: Checkpoint,
    private readonly saver: RunSaver,
    private readonly listener: TrainingListener,
    private readonly deps: SessionDeps,
    readonly started: RunStarted,
  ) {}

  static async start(request: StartRequest, listener: TrainingListener, deps: SessionDeps): Promise<TrainingSession> {
    const warn = (m: string) => listener.onStatus({ kind: 'warning', message: m });
    const building = (step: number, stage: string) => listener.onStatus({ kind: 'building', stage, step, of: 3 });
    building(1, 'asking for the GPU device');
    const device = await deps.device(false);
    let assembled: Assembled;
    let saver: RunSaver;
    let lost = 0;
    if (request.kind === 'new') {
      const { config } = request;
      const skills = config.skills ? await storedSkills(deps.db, config.env) : undefined;
      building(2, config.skills && !skills ? 'discovering skills from zero, then building the policy' : 'building the vocabulary and the policy');
      // Without a base (none given, or no deps.base), createTrainer names the missing file.
      const base = config.init === 'base' ? await deps.base?.(config.model) : undefined;
      assembled = await createTrainer(config, {
        base,
        device: device ?? undefined,
        skills,
        ratios: true,
        onBcStep: (step, loss) => listener.onStatus({ kind: 'bc', step: step + 1, of: config.bcSteps, loss }),
      });
      saver = await RunSaver.create(deps.db, config, autoRunName(config, request.preset ?? null, new Date()), warn);
    } else {
      if (!deps.db) throw new Error('IndexedDB is unavailable: saved runs cannot be resumed');
      const run = await getRun(deps.db, request.runId);
      if (!run) throw new Error(`no saved run with id ${request.runId}`);
      const { checkpoint, warnings } = await newestReadable(deps.db, request.runId, run.name);
      warnings.forEach(warn);
      saver = await RunSaver.existing(deps.db, request.runId, run.name, warn);
      building(2, 'rebuilding the policy from its checkpoint');
      try {
        assembled = await resumeTrainer(checkpoint, { device: device ?? undefined, ratios: true });
      } catch (err) {
        saver.close();
        throw err;
      }
      lost = run.updatesDone - checkpoint.update;
      await saver.rewind(checkpoint.update);
    }
    const { trainer, note } = assembled;
    building(3, 'saving the first checkpoint');
    const first = await trainer.checkpoint();
    const started: RunStarted = { runId: saver.runId, config: trainer.currentConfig, update: trainer.updatesDone, vocab: first.vocab, backendNote: note, backend: trainer.backend, precision: trainer.precision };
    const session = new TrainingSession(trainer, device, first, saver, listener, deps, started);
    await session.attachRollouts(first);
    if (request.kind === 'new') await saver.saveCheckpoint(first);
    await saver.setStatus(session.finished() ? 'done' : 'paused');
    if (session.finished()) session.machine.fire('finish');
    if (lost > 0) warn(`Resumed from the checkpoint after update ${first.update}: the ${lost} update${lost === 1 ? '' : 's'} after it were not checkpointed and run again.`);
    session.watchDevice(device);
    return session;
  }

  setDelay(ms: number): void {
    this.delayMs = Math.max(0, Math.min(10_000, ms));
  }

  /** Changes lr, beta or temperature from the next update on; a value outside the config table's bounds is refused. */
  setHyper(hyper: Partial<Hyper>): Command {
    for (const [key, value] of Object.entries(hyper)) {
      if (!['lr', 'beta', 'temperature'].includes(key)) return refused(`${key} cannot change during a run`);
      const error = checkField(key, value);
      if (error) return refused(`${key}=${String(value)}: ${error}`);
    }
    this.trainer.setHyper(hyper);
    this.hyperChanged = true;
    return OK;
  }

  /** Plays until paused, done or failed. */
  async play(): Promise<Command> {
    const no = this.machine.fire('play');
    if (no) return refused(no);
    this.running = this.playLoop();
    return this.running;
  }

  /** Exactly one update; refused while another is in flight. */
  async step(): Promise<Command> {
    const no = this.machine.fire('step');
    if (no) return refused(no);
    this.running = (async () => {
      await this.updateOnce();
      await this.settle();
      return OK;
    })();
    return this.running;
  }

  /** Stops after the update in flight and saves a checkpoint. */
  async pause(): Promise<Command> {
    const state = this.machine.state;
    if (state === 'playing' || state === 'stepping') this.machine.fire('pause');
    if (state === 'playing' || state === 'stepping' || state === 'pausing') {
      await this.running;
      return OK;
    }
    if (state !== 'ready' && state !== 'paused') return refused(`pause refused: the run is ${state}`);
    await this.exclusive(() => this.checkpointIfBehind());
    await this.saver.setStatus('paused');
    this.listener.onStatus({ kind: 'paused' });
    return OK;
  }

  /** A checkpoint now, or right after the update in flight. */
  async saveCheckpoint(): Promise<Command> {
    const state = this.machine.state;
    if (state === 'failed' || state === 'closed' || state === 'recovering') return refused(`no checkpoint: the run is ${state}`);
    await this.exclusive(() => this.checkpointIfBehind());
    return OK;
  }

  /** The policy as it is now, as ONNX bytes. */
  exportOnnx(): Promise<Uint8Array> {
    return this.exclusive(async () => exportCheckpoint(await this.trainer.snapshot()));
  }

  /** Test hook: GPUDevice.destroy() now, or once the next update has started. */
  loseDevice(when: DeviceLoss): Command {
    if (!this.device) return refused('the run is on the CPU: it has no GPU device to lose');
    if (when === 'now') this.device.destroy();
    else this.loseInNextUpdate = true;
    return OK;
  }

  /** Stops (after the update in flight), saves a checkpoint when paused, and releases everything. */
  async close(): Promise<void> {
    if (this.machine.state === 'closed') return;
    await this.pause();
    await this.exclusive(async () => {
      this.machine.fire('close');
      this.trainer.dispose();
      this.rollouts?.dispose();
      this.saver.close();
    });
  }

  private async playLoop(): Promise<Command> {
    await this.saver.setStatus('running');
    this.listener.onStatus({ kind: 'running' });
    while (this.machine.state === 'playing') {
      await this.updateOnce();
      if (this.machine.state === 'playing' && this.delayMs > 0) await sleep(this.delayMs);
    }
    await this.settle();
    return OK;
  }

  /** After the update of a step, or the last update of a paused loop: paused (with a checkpoint when asked to pause). */
  private async settle(): Promise<void> {
    const asked = this.machine.state === 'pausing';
    if (this.machine.fire('settle')) return; // done, failed, or already settled
    if (asked) await this.exclusive(() => this.checkpointIfBehind());
    await this.saver.setStatus('paused');
    this.listener.onStatus({ kind: 'paused' });
  }

  /** Runs `work` on the trainer after every earlier use of it has finished. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private finished(): boolean {
    return this.trainer.updatesDone >= this.trainer.currentConfig.updates;
  }

  /** One update, saved and reported; or a recovery, a failure, or the end of the run. */
  private updateOnce(): Promise<void> {
    return this.exclusive(async () => {
      const stepping = this.trainer.step();
      if (this.loseInNextUpdate) {
        this.loseInNextUpdate = false;
        setTimeout(() => this.device?.destroy(), 0);
      }
      let report: UpdateReport | null = null;
      let error: unknown = null;
      try {
        report = await stepping;
      } catch (err) {
        error = err;
        if (this.device) await Promise.race([this.device.lost, sleep(LOSS_GRACE_MS)]);
      }
      if (this.machine.state === 'recovering') return this.recover();
      if (!report) return this.fail(`update ${this.trainer.updatesDone + 1} failed: ${message(error)}`);
      const bad = nonFiniteMetric(report.metrics);
      if (bad) return this.fail(`${bad[0]} became ${bad[1]} at update ${report.update + 1}: training stopped; the checkpoint after update ${this.lastGood.update} is kept`);
      await this.saver.saveUpdate(report);
      const every = this.trainer.currentConfig.checkpointEvery;
      if ((every > 0 && this.trainer.updatesDone % every === 0) || this.finished()) await this.checkpointIfBehind();
      this.listener.onUpdate(report);
      if (this.finished() && this.machine.fire('finish') === null) {
        await this.saver.setStatus('done');
        this.listener.onStatus({ kind: 'done' });
      }
    });
  }

  /** Saves a checkpoint unless the last one is of this very update. Call inside exclusive(). */
  private async checkpointIfBehind(): Promise<void> {
    if (this.lastGood.update === this.trainer.updatesDone && !this.hyperChanged) return;
    this.hyperChanged = false;
    const checkpoint = await this.trainer.checkpoint();
    await this.saver.saveCheckpoint(checkpoint);
    this.lastGood = checkpoint;
  }

  private async fail(reason: string): Promise<void> {
    if (this.machine.fire('fail')) return;
    await this.saver.setStatus('failed', reason);
    this.listener.onStatus({ kind: 'failed', message: reason });
  }

  /** Recovers when the current device is lost: at once when idle, after the update in flight otherwise. */
  private watchDevice(device: GPUDevice | null): void {
    void device?.lost.then((info) => {
      if (device !== this.device || this.machine.fire('lose')) return; // an old device, or a run that is over
      this.listener.onStatus({ kind: 'warning', message: `GPU device lost (${info.message || info.reason || 'no reason given'}); recovering…` });
      void this.exclusive(() => this.recover());
    });
  }

  /** After a lost device: the trainer again from the last good checkpoint, on a new device or the CPU. Call inside exclusive(). */
  private async recover(): Promise<void> {
    if (this.machine.state !== 'recovering') return; // already recovered by the update that saw the loss
    const checkpoint = this.lastGood;
    let assembled: Assembled;
    let device: GPUDevice | null;
    try {
      device = await this.deps.device(true);
      const config = device ? checkpoint.config : { ...checkpoint.config, backend: 'cpu' as const };
      assembled = await resumeTrainer({ ...checkpoint, config }, { device: device ?? undefined, ratios: true });
    } catch (err) {
      return this.fail(`the GPU device was lost and training could not go on: ${message(err)}`);
    }
    this.trainer.dispose();
    this.trainer = assembled.trainer;
    this.device = device;
    this.watchDevice(device);
    await this.attachRollouts(checkpoint);
    await this.saver.rewind(checkpoint.update);
    this.machine.fire('recover');
    this.listener.onStatus({
      kind: 'recovered',
      message: `The GPU device was lost; training continues from update ${checkpoint.update} on ${assembled.note}.`,
      update: checkpoint.update,
    });
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
      this.listener.onStatus({ kind: 'warning', message: `No rollout worker (${message(err)}): async rollouts run in the trainer worker, in turn with the updates.` });
    }
  }
}

/** The newest checkpoint of a run that reads; an older one (with a warning) when the newest is damaged. */
async function newestReadable(db: GreenhouseDB, runId: string, name: string): Promise<{ checkpoint: Checkpoint; warnings: string[] }> {
  const records = await listCheckpoints(db, runId);
  if (records.length === 0) throw new Error(`run '${name}' has no checkpoint yet: it cannot be resumed`);
  const refused: string[] = [];
  for (const record of records) {
    try {
      const read = readCheckpoint(record.data as Uint8Array);
      const skipped = refused.map((why) => `a newer checkpoint was skipped (${why}); resuming from the one after update ${read.checkpoint.update}`);
      return { checkpoint: read.checkpoint, warnings: [...skipped, ...read.warnings] };
    } catch (err) {
      if (!(err instanceof CheckpointError)) throw err;
      refused.push(err.message);
    }
  }
  throw new Error(`run '${name}' cannot be resumed: ${refused.join('; ')}`);
}

/** The stored library's skills for an env's family, or undefined (then the trainer discovers its own from the seed). */
async function storedSkills(db: GreenhouseDB | null, env: string): Promise<Skill[] | undefined> {
  if (!db) return undefined;
  const skills = await loadLibrary(db, { family: getEnvSpec(env).family });
  return skills.length > 0 ? skills : undefined;
}
