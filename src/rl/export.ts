// Exports of a run: metrics as CSV or JSON, trajectories as JSONL in TRL's conversational prompt-completion format
// (message lists) with their reward, checked by trlFormatError so a saved run can seed an SFT or offline-RL job.
import * as v from 'valibot';
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

/** One trajectory in TRL's conversational prompt-completion format (what its SFT and GRPO trainers read), with
 * the reward and where the episode came from. */
export interface TrajectoryLine {
  /** The goal (system) and the first observation (user). */
  prompt: ChatMessage[];
  /** The agent's turns: each action (assistant), the observation after it (user) before the next action. */
  completion: ChatMessage[];
  reward: number;
  advantage: number;
  success: boolean;
  update: number;
  task: number;
  member: number;
  seed: number;
}

/** A trajectory as chat messages: the goal as system, each observation as user, each action as assistant;
 * `observations[k]` is the page the k-th action was taken on. */
export function trajectoryLine(update: number, ep: EpisodeView, observations: readonly string[]): TrajectoryLine {
  const prompt: ChatMessage[] = [{ role: 'system', content: ep.goal }, { role: 'user', content: observations[0] ?? '' }];
  const completion: ChatMessage[] = [];
  ep.turns.forEach((t, k) => {
    if (k > 0) completion.push({ role: 'user', content: observations[k] ?? '' });
    completion.push({ role: 'assistant', content: t.text });
  });
  return { prompt, completion, reward: ep.reward, advantage: ep.advantage, success: ep.success, update: update + 1, task: ep.task, member: ep.member, seed: ep.seed };
}

const message = (role: v.PicklistSchema<ChatMessage['role'][], string>) => v.strictObject({ role, content: v.string('content must be text') });
const anyRole = v.picklist(['system', 'user', 'assistant'], 'role must be system, user or assistant');

/** TRL's conversational prompt-completion line: a prompt that ends with the user, a completion of alternating
 * assistant and user turns that starts and ends with the assistant, and a finite reward. */
const TrlLine = v.pipe(
  v.looseObject({
    prompt: v.pipe(v.array(message(anyRole), 'prompt must be a list of messages'), v.minLength(1, 'prompt must not be empty')),
    completion: v.pipe(v.array(message(anyRole), 'completion must be a list of messages'), v.minLength(1, 'completion must not be empty')),
    reward: v.pipe(v.number('reward must be a number'), v.finite('reward must be finite')),
  }),
  v.check((l) => l.prompt[l.prompt.length - 1].role === 'user', 'the prompt must end with a user message'),
  v.check((l) => l.completion.every((m, k) => m.role === (k % 2 === 0 ? 'assistant' : 'user')), 'the completion must alternate assistant and user, starting with the assistant'),
  v.check((l) => l.completion[l.completion.length - 1].role === 'assistant', 'the completion must end with an assistant message'),
);

/** Why a line is not in TRL's conversational prompt-completion format (the field and what is wrong), or null. */
export function trlFormatError(line: unknown): string | null {
  const r = v.safeParse(TrlLine, line, { abortEarly: true });
  if (r.success) return null;
  const path = v.getDotPath(r.issues[0]);
  return path ? `${path}: ${r.issues[0].message}` : r.issues[0].message;
}

export function toJsonl(lines: readonly unknown[]): string {
  return lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length ? '\n' : '');
}

function formatNumber(x: number | undefined): string {
  return x === undefined || Number.isNaN(x) ? '' : String(x);
}

function pick(values: Record<string, number>, names: readonly string[]): Record<string, number> {
  // Stryker disable next-line MethodExpression: its one caller's JSON.stringify leaves out the undefined values an unfiltered list would add
  return Object.fromEntries(names.filter((n) => n in values).map((n) => [n, values[n]]));
}
