// Exports of a run: metrics as CSV or JSON, trajectories as JSONL of chat-style messages with their reward.
import { EVAL_METRIC_NAMES, METRIC_NAMES } from './metrics';
import type { EpisodeView } from './trainer';

export interface MetricsRow {
  update: number;
  values: Record<string, number>;
}

/** Every name a row may hold: the every-update metrics, then the evaluation's (empty where an update had none). */
const COLUMNS: readonly string[] = [...METRIC_NAMES, ...EVAL_METRIC_NAMES];

/** One header line `update,<metric names>`, then one line per update. */
export function metricsCsv(rows: readonly MetricsRow[]): string {
  const header = ['update', ...COLUMNS].join(',');
  const lines = rows.map((r) => [r.update + 1, ...COLUMNS.map((n) => formatNumber(r.values[n]))].join(','));
  return [header, ...lines].join('\n') + '\n';
}

/** An array of `{update, <metric>: value}` objects, as `npm run train -- --json` prints them. */
export function metricsJson(rows: readonly MetricsRow[]): string {
  return JSON.stringify(rows.map((r) => ({ update: r.update + 1, ...pick(r.values, COLUMNS) })), null, 1);
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TrajectoryLine {
  update: number;
  task: number;
  member: number;
  seed: number;
  reward: number;
  advantage: number;
  success: boolean;
  messages: ChatMessage[];
}

/** A trajectory as chat messages: the goal as system, each observation as user, each action as assistant. */
export function trajectoryLine(update: number, ep: EpisodeView, observations: readonly string[]): TrajectoryLine {
  const messages: ChatMessage[] = [{ role: 'system', content: ep.goal }];
  ep.turns.forEach((t, k) => {
    messages.push({ role: 'user', content: observations[k] ?? '' });
    messages.push({ role: 'assistant', content: t.text });
  });
  return {
    update: update + 1,
    task: ep.task,
    member: ep.member,
    seed: ep.seed,
    reward: ep.reward,
    advantage: ep.advantage,
    success: ep.success,
    messages,
  };
}

export function toJsonl(lines: readonly unknown[]): string {
  return lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length ? '\n' : '');
}

function formatNumber(x: number | undefined): string {
  return x === undefined || Number.isNaN(x) ? '' : String(x);
}

function pick(values: Record<string, number>, names: readonly string[]): Record<string, number> {
  return Object.fromEntries(names.filter((n) => n in values).map((n) => [n, values[n]]));
}
