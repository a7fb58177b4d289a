// The page's view of a team run: the team's config (its share link), the saved policies its frozen agents act with
// (files, never in the link), status, every metric's series (replaced, never pushed) and the newest episode's
// message log. The team worker does the work; this class only keeps what it sends.
import * as Comlink from 'comlink';
import type { Config } from '../../core/config-table';
import { formatErrors, validateConfig } from '../../core/config';
import { encodeLink } from '../../core/share-link';
import { withFrozen } from '../../multi/frozen';
import type { EpisodeLog, TeamReport } from '../../multi/team';
import { workflowOf, type Workflow } from '../../multi/workflow';
import { getPreset, presetConfig } from '../../rl/presets';
import type { TeamStarted, TeamStatus, TeamWorkerApi } from '../../workers/protocol';
import { withPoints, type MetricSeries } from '../state/series';


type Phase = 'idle' | 'starting' | 'ready' | 'running' | 'paused' | 'done' | 'failed';

/** The team a page opens with when its link holds no team: the debate preset. */
function defaultTeam(): Config {
  return presetConfig(getPreset('debate')!);
}

export class TeamState {
  config = $state<Config>(defaultTeam());
  phase = $state<Phase>('idle');
  started = $state.raw<TeamStarted | null>(null);
  message = $state<string | null>(null);
  update = $state(0);
  series = $state.raw<Record<string, MetricSeries>>({});
  episode = $state.raw<EpisodeLog | null>(null);
  /** While the team is built: each agent's (and the single baseline's) BC steps done, of how many. */
  building = $state.raw<Record<string, { step: number; of: number }>>({});
  /** Saved policies (checkpoint bytes) by agent name: those agents are frozen onto them. A link cannot carry them. */
  policies = $state.raw<Record<string, Uint8Array>>({});
  /** The workflow being edited, with the frozen agents of `policies` it has (the run's once started). */
  workflow = $derived<Workflow>(this.started?.workflow ?? withFrozen(workflowOf(this.config), this.frozen()));
  shareLink = $derived(encodeLink(this.config));

  constructor(private readonly worker: Comlink.Remote<TeamWorkerApi>) {}

  /** Takes a config (from a link or a preset) when it describes a team. */
  load(config: Config): void {
    if (config.workflow !== 'single') this.config = config;
  }

  /** Changes some keys, within the config table's bounds (a bad value leaves the config and says why). */
  edit(next: Partial<Config>): void {
    const r = validateConfig({ ...this.config, ...next });
    if (r.ok) {
      this.config = r.config;
      this.message = null;
    } else this.message = formatErrors(r.errors);
  }

  /** Freezes agent `name` onto the saved policy in `file` (a checkpoint of `npm run train -- --out`), or unfreezes it. */
  async setPolicy(name: string, file: File | null): Promise<void> {
    const { [name]: _, ...rest } = this.policies;
    this.policies = file ? { ...rest, [name]: new Uint8Array(await file.arrayBuffer()) } : rest;
  }

  /** The policies of agents the edited workflow has (editing the shape may drop some). */
  private frozen(): Map<string, Uint8Array> {
    const names = workflowOf(this.config).agents.map((a) => a.name);
    return new Map(Object.entries(this.policies).filter(([name]) => names.includes(name)));
  }

  /** Builds the team on first use, then plays update after update until paused or done. */
  async train(): Promise<void> {
    try {
      if (!this.started) await this.start();
      this.phase = 'running';
      await this.worker.play();
    } catch (err) {
      this.fail(err);
    }
  }

  /** Stops after the current update. */
  pause = (): Promise<void> => this.worker.pause();

  async reset(): Promise<void> {
    await this.worker.reset();
    this.started = null;
    this.phase = 'idle';
    this.series = {};
    this.episode = null;
    this.update = 0;
  }

  private async start(): Promise<void> {
    this.phase = 'starting';
    this.message = null;
    this.series = {};
    this.episode = null;
    this.update = 0;
    this.building = {};
    const listener = Comlink.proxy({ onUpdate: (r: TeamReport) => this.onUpdate(r), onStatus: (s: TeamStatus) => this.onStatus(s) });
    this.started = await this.worker.start($state.snapshot(this.config) as Config, listener, Object.fromEntries(this.frozen()));
    this.phase = 'ready';
  }

  private onUpdate(r: TeamReport): void {
    this.series = withPoints(this.series, r.update + 1, r.metrics, Object.keys(r.metrics));
    this.update = r.update + 1;
    // the message log redraws in a task of its own, apart from the charts
    setTimeout(() => (this.episode = r.episode), 0);
  }

  private onStatus(s: TeamStatus): void {
    if (s.kind === 'failed') this.fail(new Error(s.message));
    else if (s.kind === 'building') this.building = { ...this.building, [s.who]: { step: s.step, of: s.of } };
    else this.phase = s.kind;
  }

  private fail(err: unknown): void {
    this.phase = 'failed';
    this.message = err instanceof Error ? err.message : String(err);
  }
}
