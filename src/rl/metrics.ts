// The fixed metric vocabulary (shared/DESIGN.md, convention 6): every update reports every one of these.
// Namespaced like TRL and cleanrl; the UI charts read this list, the CLI prints it.

export const METRICS = [
  { name: 'reward/mean', doc: 'Mean episode reward over the batch (after the truncation rule).' },
  { name: 'reward/std', doc: 'Standard deviation of episode rewards over the batch.' },
  { name: 'reward/frac_zero_std', doc: 'Share of groups whose rewards are all equal: they give no learning signal.' },
  { name: 'episode/success', doc: 'Share of episodes that solved the task.' },
  { name: 'episode/length', doc: 'Mean number of action tokens the policy generated per episode.' },
  { name: 'episode/turns', doc: 'Mean number of turns (actions) per episode.' },
  { name: 'loss/policy', doc: 'Clipped surrogate loss, aggregated as configured (mean over the mu inner passes).' },
  { name: 'loss/kl', doc: 'Mean k3 KL estimate per action token to the frozen reference (0 when beta = 0).' },
  { name: 'policy/entropy', doc: 'Mean entropy of the next-token distribution over the action tokens trained on (with beta = 0, those with signal).' },
  { name: 'policy/clip_ratio', doc: 'Share of the action tokens trained on whose ratio was clipped.' },
  { name: 'optim/grad_norm', doc: 'Global gradient norm before clipping (mean over the mu inner passes).' },
  { name: 'optim/lr', doc: 'Learning rate used in this update (after warmup).' },
  { name: 'perf/tokens_per_s', doc: 'Tokens generated per second of rollout.' },
  { name: 'perf/env_steps_per_s', doc: 'Environment steps per second of rollout.' },
  { name: 'perf/update_ms', doc: 'Wall time of the whole update (rollout, advantages, optimisation), in ms.' },
] as const;

export type MetricName = (typeof METRICS)[number]['name'];

/** The names in display order. */
export const METRIC_NAMES: readonly MetricName[] = METRICS.map((m) => m.name);

export type Metrics = Record<MetricName, number>;

/** The first training metric (not perf/*) that is NaN or infinite, which stops a run; null when all are finite. */
export function nonFiniteMetric(metrics: Readonly<Record<string, number>>): [name: string, value: number] | null {
  return Object.entries(metrics).find(([name, v]) => !name.startsWith('perf/') && !Number.isFinite(v)) ?? null;
}
