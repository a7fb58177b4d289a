// Saves a training run to IndexedDB from the trainer worker: metrics and trajectories every update, checkpoints
// when the session asks, the run's status when it changes, and its name (preset, env, seed and time unless given).
// A full quota is reported once and training goes on unsaved. The run's Web Lock marks it live while open.
import type { Config } from '../core/config-table';
import { encodeCheckpoint, type Checkpoint } from '../rl/checkpoint';
import { presetConfig, PRESETS } from '../rl/presets';
import type { UpdateReport } from '../rl/trainer';
import {
  appendMetrics,
  createRun,
  holdRunLock,
  isQuotaError,
  pruneCheckpoints,
  putCheckpoint,
  putTrajectories,
  rewindRun,
  StorageFullError,
  updateRun,
  type GreenhouseDB,
  type RunStatus,
} from '../storage';

/** Checkpoints kept per run: the newest, and one to fall back to if it cannot be read. */
export const CHECKPOINTS_KEPT = 2;

/** Keys that do not make a config another experiment: the same preset on another seed, backend or view. */
const INCIDENTAL: readonly string[] = ['seed', 'backend', 'f16', 'hide', 'checkpointEvery'];

/** The preset (or preset/variant) whose config this is, ignoring incidental keys; null for a custom config. */
export function presetOf(config: Config): string | null {
  const same = (c: Config) => Object.keys(c).every((k) => INCIDENTAL.includes(k) || JSON.stringify(c[k as keyof Config]) === JSON.stringify(config[k as keyof Config]));
  for (const p of PRESETS) {
    for (const v of p.variants ?? [null]) if (same(presetConfig(p, v ?? undefined))) return v ? `${p.name}/${v.name}` : p.name;
  }
  return null;
}

/** "first-steps · click-button · seed 1 · 2026-12-01 14:03" (local time). */
export function autoRunName(config: Config, preset: string | null, now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())} ${two(now.getHours())}:${two(now.getMinutes())}`;
  return `${preset ?? presetOf(config) ?? 'custom'} · ${config.env} · seed ${config.seed} · ${time}`;
}

export class RunSaver {
  /** Set once a write failed for lack of space: nothing more is written. */
  full = false;
  private status: RunStatus | null = null;

  private constructor(
    private readonly db: GreenhouseDB | null,
    readonly runId: string,
    private readonly onWarning: (message: string) => void,
    private readonly lock: { release(): void } | null,
  ) {}

  /** A new saved run (locked as live), or an unsaved one when IndexedDB cannot be opened. */
  static async create(db: GreenhouseDB | null, config: Config, name: string, onWarning: (m: string) => void): Promise<RunSaver> {
    const unsaved = () => new RunSaver(null, `unsaved-${Date.now()}`, onWarning, null);
    if (!db) {
      onWarning('IndexedDB is unavailable: this run is not saved');
      return unsaved();
    }
    const id = crypto.randomUUID();
    const lock = await holdRunLock(id);
    const saver = new RunSaver(db, id, onWarning, lock);
    const run = await saver.guard(() => createRun(db, { id, name, config: { ...config } }));
    if (run) return saver;
    lock?.release();
    return unsaved();
  }

  /** Reopens a saved run; an Error when another tab or worker has it open. */
  static async existing(db: GreenhouseDB, runId: string, name: string, onWarning: (m: string) => void): Promise<RunSaver> {
    const lock = await holdRunLock(runId);
    if (!lock) throw new Error(`run '${name}' is open in another tab or window: close it there to resume it here`);
    return new RunSaver(db, runId, onWarning, lock);
  }

  async saveUpdate(report: UpdateReport): Promise<void> {
    const db = this.db;
    if (!db) return;
    await this.guard(async () => {
      await appendMetrics(db, this.runId, report.update, report.metrics);
      await putTrajectories(db, this.runId, report.update, report.episodes);
    });
  }

  async saveCheckpoint(checkpoint: Checkpoint): Promise<void> {
    const db = this.db;
    if (!db) return;
    const bytes = encodeCheckpoint(checkpoint);
    await this.guard(async () => {
      await putCheckpoint(db, this.runId, checkpoint.update, bytes, bytes.byteLength);
      await pruneCheckpoints(db, this.runId, CHECKPOINTS_KEPT);
    });
  }

  /** Forgets the updates after `updatesDone` (replayed from a checkpoint). */
  async rewind(updatesDone: number): Promise<void> {
    const db = this.db;
    if (db) await this.guard(() => rewindRun(db, this.runId, updatesDone));
  }

  /** Writes the status when it changed (or carries a note). */
  async setStatus(status: RunStatus, note?: string): Promise<void> {
    const db = this.db;
    if (!db || (status === this.status && note === undefined)) return;
    this.status = status;
    await this.guard(() => updateRun(db, this.runId, note === undefined ? { status } : { status, note }));
  }

  /** The run is no longer open here (its lock goes). */
  close(): void {
    this.lock?.release();
  }

  /** Runs a write; a quota error turns saving off with one warning, other errors propagate. */
  private async guard<T>(write: () => Promise<T>): Promise<T | undefined> {
    if (this.full) return undefined;
    try {
      return await write();
    } catch (err) {
      if (err instanceof StorageFullError || isQuotaError(err)) {
        this.full = true;
        this.onWarning(`${new StorageFullError(err).message}: training goes on unsaved`);
        return undefined;
      }
      throw err;
    }
  }
}
