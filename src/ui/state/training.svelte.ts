// The page's view of a training run: status, every metric's series (replaced, never pushed, so charts
// redraw cheaply), the latest reports for the inspector and the watch view, and the detected stages.
import * as Comlink from 'comlink';
import type { Config } from '../../core/config-table';
import { CHARTED_NAMES, type ReportedName } from '../../rl/metrics';
import { detectStages, type StageMark } from '../../rl/stages';
import type { Hyper, UpdateReport } from '../../rl/trainer';
import type { Command, RunStarted, StartRequest, TrainerWorkerApi, TrainingStatus } from '../../workers/protocol';
import { withPoints, type MetricSeries } from './series';

/** Reports kept for the group inspector (older ones are in IndexedDB). */
const KEPT_REPORTS = 30;

type Phase = 'idle' | 'starting' | 'warmup' | 'ready' | 'running' | 'paused' | 'done' | 'failed';

function emptySeries(): Record<ReportedName, MetricSeries> {
  return Object.fromEntries(CHARTED_NAMES.map((n): [ReportedName, MetricSeries] => [n, { xs: [], ys: [] }])) as Record<ReportedName, MetricSeries>;
}

export class TrainingState {
  phase = $state<Phase>('idle');
  run = $state.raw<RunStarted | null>(null);
  update = $state(0);
  message = $state<string | null>(null);
  warning = $state<string | null>(null);
  /** Building the run, before BC and the first update: which step of how many. */
  building = $state.raw<{ stage: string; step: number; of: number } | null>(null);
  bc = $state.raw<{ step: number; of: number; loss: number } | null>(null);
  series = $state.raw<Record<ReportedName, MetricSeries>>(emptySeries());
  reports = $state.raw<UpdateReport[]>([]);
  /** The newest report, for the watch view. */
  latest = $state.raw<UpdateReport | null>(null);
  stages = $derived<StageMark[]>(
    detectStages(this.series['episode/success'].ys, this.series['episode/turns'].ys).map((m) => ({
      ...m,
      start: this.series['episode/success'].xs[m.start] ?? m.start,
    })),
  );

  constructor(private readonly worker: Comlink.Remote<TrainerWorkerApi>) {}

  /** Starts a new run or resumes a saved one; `history` restores a resumed run's curves. */
  async start(request: StartRequest, history: { update: number; values: Record<string, number> }[] = []): Promise<void> {
    this.phase = 'starting';
    this.message = null;
    this.warning = null;
    this.building = null;
    this.bc = null;
    this.reports = [];
    this.latest = null;
    this.series = emptySeries();
    if (history.length > 0) this.loadHistory(history);
    try {
      const listener = Comlink.proxy({
        onUpdate: (report: UpdateReport) => this.onUpdate(report),
        onStatus: (status: TrainingStatus) => this.onStatus(status),
      });
      this.run = await this.worker.start(request, listener);
      this.building = null;
      this.update = this.run.update;
      this.phase = this.run.update >= this.run.config.updates ? 'done' : 'ready';
    } catch (err) {
      this.fail(err);
    }
  }

  async play(): Promise<void> {
    if (!this.run) return;
    const before = this.phase;
    this.phase = 'running';
    try {
      if (this.refused(await this.worker.play()) && this.phase === 'running') this.phase = before;
    } catch (err) {
      this.fail(err);
    }
  }

  async pause(): Promise<void> {
    this.refused(await this.worker.pause());
  }

  async step(): Promise<void> {
    if (!this.run || this.phase === 'running') return;
    try {
      this.refused(await this.worker.step());
    } catch (err) {
      this.fail(err);
    }
  }

  /** The worker's answer; a refused hyperparameter comes back as the reason. */
  async setHyper(hyper: Partial<Hyper>): Promise<Command> {
    return this.run ? this.worker.setHyper(hyper) : { ok: true };
  }

  /** A checkpoint now or after the update in flight (the page is being hidden: it may not come back). */
  async saveCheckpoint(): Promise<void> {
    if (this.run && this.phase !== 'failed') await this.worker.saveCheckpoint();
  }

  async setDelay(ms: number): Promise<void> {
    if (this.run) await this.worker.setDelay(ms);
  }

  async reset(): Promise<void> {
    await this.worker.reset();
    this.run = null;
    this.phase = 'idle';
    this.update = 0;
    this.series = emptySeries();
    this.reports = [];
    this.latest = null;
    this.building = null;
    this.bc = null;
    this.message = null;
  }

  /** The current policy as ONNX bytes (from the trainer worker); null without a run. */
  async exportOnnx(): Promise<Uint8Array | null> {
    return this.run ? await this.worker.exportOnnx() : null;
  }

  /** The config the current run uses, if any. */
  get config(): Config | null {
    return this.run?.config ?? null;
  }

  private onUpdate(report: UpdateReport): void {
    // evaluations come every evalEvery updates: a chart gets a point when its metric is in the report
    this.series = withPoints(this.series, report.update + 1, report.metrics as Record<ReportedName, number>, CHARTED_NAMES.filter((n) => n in report.metrics));
    this.update = report.update + 1;
    // The watch view and the inspector each redraw in a task of their own, apart from the charts' update,
    // so no single main-thread task grows long.
    setTimeout(() => {
      this.latest = report;
      setTimeout(() => (this.reports = [...this.reports.slice(-(KEPT_REPORTS - 1)), report]), 0);
    }, 0);
  }

  private onStatus(status: TrainingStatus): void {
    switch (status.kind) {
      case 'building':
        this.phase = 'starting';
        this.bc = null;
        this.building = { stage: status.stage, step: status.step, of: status.of };
        break;
      case 'bc':
        this.phase = 'warmup';
        this.bc = { step: status.step, of: status.of, loss: status.loss };
        break;
      case 'running':
        this.phase = 'running';
        break;
      case 'paused':
        this.phase = 'paused';
        break;
      case 'done':
        this.phase = 'done';
        break;
      case 'warning':
        this.warning = status.message;
        break;
      case 'failed':
        this.phase = 'failed';
        this.message = status.message;
        break;
      case 'recovered':
        this.warning = status.message;
        this.truncateTo(status.update);
        break;
    }
  }

  /** Drops points after `update` (a recovery replays them). */
  private truncateTo(update: number): void {
    const next = { ...this.series };
    for (const name of CHARTED_NAMES) {
      const keep = next[name].xs.findIndex((x) => x > update);
      if (keep >= 0) next[name] = { xs: next[name].xs.slice(0, keep), ys: next[name].ys.slice(0, keep) };
    }
    this.series = next;
    this.reports = this.reports.filter((r) => r.update < update);
  }

  private loadHistory(history: { update: number; values: Record<string, number> }[]): void {
    const next = emptySeries();
    for (const h of [...history].sort((a, b) => a.update - b.update)) {
      for (const name of CHARTED_NAMES) {
        if (!(name in h.values)) continue;
        next[name].xs.push(h.update + 1);
        next[name].ys.push(h.values[name]);
      }
    }
    this.series = next;
  }

  /** True when the worker refused a command (its reason is shown as a warning). */
  private refused(result: Command): boolean {
    if (!result.ok) this.warning = result.refused;
    return !result.ok;
  }

  private fail(err: unknown): void {
    this.building = null;
    this.phase = 'failed';
    this.message = err instanceof Error ? err.message : String(err);
  }
}
