// Saves a training run to IndexedDB from the trainer worker: metrics and trajectories every update,
// a checkpoint every N updates and on pause. A full quota is reported once and training goes on unsaved.
import type { Config } from '../core/config-table';
import { encodeCheckpoint, type Checkpoint } from '../rl/checkpoint';
import type { UpdateReport } from '../rl/trainer';
import {
  appendMetrics,
  createRun,
  isQuotaError,
  putCheckpoint,
  putTrajectories,
  StorageFullError,
  updateRun,
  type GreenhouseDB,
  type RunStatus,
} from '../storage';

export class RunSaver {
  /** Set once a write failed for lack of space: nothing more is written. */
  full = false;

  private constructor(
    private readonly db: GreenhouseDB | null,
    readonly runId: string,
    private readonly onWarning: (message: string) => void,
  ) {}

  /** A new saved run, or an unsaved one when IndexedDB cannot be opened. */
  static async create(db: GreenhouseDB | null, config: Config, name: string, onWarning: (m: string) => void): Promise<RunSaver> {
    if (!db) {
      onWarning('IndexedDB is unavailable: this run is not saved');
      return new RunSaver(null, `unsaved-${Date.now()}`, onWarning);
    }
    const saver = new RunSaver(db, '', onWarning);
    const run = await saver.guard(() => createRun(db, { name, config: { ...config } }));
    return run ? new RunSaver(db, run.id, onWarning) : new RunSaver(null, `unsaved-${Date.now()}`, onWarning);
  }

  /** Reopens an existing saved run. */
  static existing(db: GreenhouseDB, runId: string, onWarning: (m: string) => void): RunSaver {
    return new RunSaver(db, runId, onWarning);
  }

  async saveUpdate(report: UpdateReport): Promise<void> {
    const db = this.db;
    if (!db) return;
    await this.guard(async () => {
      await appendMetrics(db, this.runId, report.update, report.metrics);
      await putTrajectories(db, this.runId, report.update, report.episodes);
      await updateRun(db, this.runId, { lastUpdate: report.update });
    });
  }

  async saveCheckpoint(checkpoint: Checkpoint): Promise<void> {
    const db = this.db;
    if (!db) return;
    const bytes = encodeCheckpoint(checkpoint);
    await this.guard(() => putCheckpoint(db, this.runId, checkpoint.update, bytes, bytes.byteLength));
  }

  async setStatus(status: RunStatus, note?: string): Promise<void> {
    const db = this.db;
    if (!db) return;
    await this.guard(() => updateRun(db, this.runId, note === undefined ? { status } : { status, note }));
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
