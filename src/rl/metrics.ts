// The fixed metric vocabulary (shared/DESIGN.md, convention 6): every update reports every one of METRICS, and every
// evaluation (config.evalEvery) adds EVAL_METRICS. Namespaced like TRL and cleanrl; where TRL's GRPOTrainer logs the
// same quantity under its own name, that name is reported too (`same` says of which). The charts and the CLI read it.

export interface MetricInfo {
  readonly name: string;
  readonly doc: string;
  /** TRL's name for a metric of ours: the same value, reported under both names. */
  readonly same?: string;
}

export const METRICS = [
  { name: 'reward/mean', doc: 'Mean episode reward over the batch (after the truncation rule).' },
  { name: 'reward/std', doc: 'Standard deviation of episode rewards over the batch.' },
  { name: 'reward/frac_zero_std', doc: 'Share of groups whose rewards are all equal: they give no learning signal.' },
  { name: 'episode/success', doc: 'Share of training episodes (sampled, train split) that solved the task.' },
  { name: 'episode/length', doc: 'Mean number of action tokens the policy generated per episode.' },
  { name: 'episode/turns', doc: 'Mean number of turns (actions) per episode.' },
  { name: 'loss/policy', doc: 'Clipped surrogate loss, aggregated as configured (mean over the mu inner passes).' },
  { name: 'loss/kl', doc: 'Plain mean of the k3 KL estimate (clamped at 10) over the action tokens in the loss (0 when beta = 0).' },
  { name: 'policy/entropy', doc: 'Plain mean, over every action token generated, of the entropy of the distribution it was sampled from (temperature, grammar mask and top-p applied).' },
  { name: 'policy/clip_ratio', doc: "Share of the loss mask's action tokens whose ratio was clipped, below or above (a plain token mean)." },
  { name: 'clip_ratio/low_mean', doc: 'Share of the loss mask\'s action tokens clipped below: ratio < 1 - clipLow where the advantage is negative.' },
  { name: 'clip_ratio/high_mean', doc: 'Share of the loss mask\'s action tokens clipped above: ratio > 1 + clipHigh where the advantage is positive.' },
  { name: 'completions/min_length', doc: 'Fewest action tokens an episode of the batch generated.' },
  { name: 'completions/max_length', doc: 'Most action tokens an episode of the batch generated.' },
  { name: 'completions/clipped_ratio', doc: 'Share of episodes with an action cut off at the token budget (no END).' },
  { name: 'optim/grad_norm', doc: 'Global gradient norm before clipping (mean over the mu inner passes).' },
  { name: 'optim/lr', doc: 'Learning rate used in this update (after warmup).' },
  { name: 'env/level', doc: 'Difficulty level the batch was played at (the curriculum moves it; without one, the config\'s difficulty).' },
  { name: 'perf/tokens_per_s', doc: 'Tokens generated per second of rollout.' },
  { name: 'perf/env_steps_per_s', doc: 'Environment steps per second of rollout.' },
  { name: 'perf/update_ms', doc: 'Wall time of the whole update (rollout, advantages, optimisation), in ms.' },
  { name: 'reward', same: 'reward/mean', doc: "TRL's name for reward/mean." },
  { name: 'reward_std', same: 'reward/std', doc: "TRL's name for reward/std." },
  { name: 'frac_reward_zero_std', same: 'reward/frac_zero_std', doc: "TRL's name for reward/frac_zero_std." },
  { name: 'kl', same: 'loss/kl', doc: "TRL's name for loss/kl." },
  { name: 'entropy', same: 'policy/entropy', doc: "TRL's name for policy/entropy (TRL measures it on the training forward pass; here it is the distribution actually sampled)." },
  { name: 'clip_ratio/region_mean', same: 'policy/clip_ratio', doc: "TRL's name for policy/clip_ratio." },
  { name: 'completions/mean_length', same: 'episode/length', doc: "TRL's name for episode/length." },
] as const satisfies readonly MetricInfo[];

/** Reported after the updates that end with an evaluation (every config.evalEvery). */
export const EVAL_METRICS = [
  { name: 'eval/success', doc: 'Success rate of the greedy policy on the fixed set of test-split tasks (config.evalTasks).' },
  { name: 'eval/success_sampled', doc: 'Success rate on the same test-split tasks, sampling at the training temperature and top-p.' },
  { name: 'eval/return', doc: "Mean return (the env's own rewards) of the greedy episodes: a game's score." },
  { name: 'perf/eval_ms', doc: 'Wall time of the evaluation (greedy and sampled episodes), in ms; not part of perf/update_ms.' },
] as const satisfies readonly MetricInfo[];

export type MetricName = (typeof METRICS)[number]['name'];
/** Ours, without TRL's duplicate names. */
type OwnName = Exclude<MetricName, Extract<(typeof METRICS)[number], { same: string }>['name']>;
export type EvalMetricName = (typeof EVAL_METRICS)[number]['name'];

/** The every-update names in display order. */
export const METRIC_NAMES: readonly MetricName[] = METRICS.map((m) => m.name);
export const EVAL_METRIC_NAMES: readonly EvalMetricName[] = EVAL_METRICS.map((m) => m.name);

/** The names the page charts and tabulates: every metric once (TRL's duplicate names left out). */
export type ReportedName = OwnName | EvalMetricName;

/** What the page charts and tabulates, the evaluation's first. */
export const CHARTED = [...EVAL_METRICS, ...METRICS.filter((m): m is Extract<(typeof METRICS)[number], { name: OwnName }> => !('same' in m))];
export const CHARTED_NAMES: readonly ReportedName[] = CHARTED.map((m) => m.name);

/** One update's numbers: every METRICS name, and EVAL_METRICS when it ended with an evaluation. */
export type Metrics = Record<MetricName, number> & Partial<Record<EvalMetricName, number>>;

/** Our metrics with TRL's names added (the same values). */
export function withTrlNames(own: Record<OwnName, number>): Record<MetricName, number> {
  const out = { ...own } as Record<MetricName, number>;
  for (const m of METRICS as readonly MetricInfo[]) if (m.same) out[m.name as MetricName] = own[m.same as OwnName];
  return out;
}

/** The first training metric (not perf/*) that is NaN or infinite, which stops a run; null when all are finite. */
export function nonFiniteMetric(metrics: Readonly<Record<string, number>>): [name: string, value: number] | null {
  return Object.entries(metrics).find(([name, v]) => !name.startsWith('perf/') && !Number.isFinite(v)) ?? null;
}
