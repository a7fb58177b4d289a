// How each metric is shown: its chart group (outcome, policy, speed) by name prefix, so metrics added later land in
// the right group; a plain title; the y axis's title with its unit; whether it is a share (a fixed [0, 1] axis); and
// why a chart cannot move in a config (then it is hidden, with that reason in one line).
import type { Config } from '../../core/config-table';

export type ChartGroup = 'outcome' | 'policy' | 'speed' | 'other';

export const GROUP_TITLES: Record<ChartGroup, { title: string; doc: string }> = {
  outcome: { title: 'Outcome', doc: 'Did the agent do the task? Reward, success and evaluation on held-out tasks.' },
  policy: { title: 'Policy', doc: 'How the update moved the policy: loss, KL, entropy, clipping, gradient.' },
  speed: { title: 'Speed', doc: 'How fast this browser trains.' },
  other: { title: 'More', doc: 'Other metrics.' },
};

export interface MetricDisplay {
  group: ChartGroup;
  /** A plain name: "success", "entropy". */
  title: string;
  /** The y axis's title: what is measured, in what unit. */
  unit: string;
  /** A share or a rate between 0 and 1: drawn on a fixed [0, 1] axis. */
  share: boolean;
}

/** Chart group by the name's first segment (TRL's bare names, like `entropy`, are the policy's). */
const GROUP_OF_PREFIX: Record<string, ChartGroup> = {
  reward: 'outcome',
  reward_std: 'outcome',
  frac_reward_zero_std: 'outcome',
  episode: 'outcome',
  eval: 'outcome',
  env: 'outcome',
  team: 'outcome',
  baseline: 'outcome',
  agent: 'outcome',
  loss: 'policy',
  policy: 'policy',
  clip_ratio: 'policy',
  completions: 'policy',
  optim: 'policy',
  entropy: 'policy',
  kl: 'policy',
  perf: 'speed',
};

/** Title and unit by the name's last segment (or the whole name); `share` for rates in [0, 1]. */
const BY_NAME: readonly { match: RegExp; title: string; unit: string; share?: boolean }[] = [
  { match: /^reward\/frac_zero_std$/, title: 'groups with no signal', unit: 'share of groups', share: true },
  { match: /^frac_reward_zero_std$/, title: 'groups with no signal', unit: 'share of groups', share: true },
  { match: /^reward(\/|_)std$/, title: 'reward spread', unit: 'reward std' },
  { match: /reward\/share$/, title: 'share of the reward', unit: 'share of reward', share: true },
  { match: /^reward(\/mean)?$/, title: 'reward', unit: 'reward' },
  { match: /^eval\/success_sampled$/, title: 'held-out success, sampling', unit: 'share of test tasks', share: true },
  { match: /(^|\/)eval\/success$/, title: 'held-out success', unit: 'share of test tasks', share: true }, // team/eval/success too
  { match: /^eval\/return$/, title: 'held-out return', unit: 'return' },
  { match: /success$/, title: 'success', unit: 'share of episodes', share: true },
  { match: /^episode\/length$/, title: 'action length', unit: 'tokens / episode' },
  { match: /turns$/, title: 'turns', unit: 'turns / episode' },
  { match: /^env\/level$/, title: 'level', unit: 'level' },
  { match: /^loss\/policy$/, title: 'policy loss', unit: 'loss' },
  { match: /(^|\/)kl$/, title: 'KL to the reference', unit: 'nats per token' },
  { match: /entropy$/, title: 'entropy', unit: 'nats per token' },
  { match: /^policy\/clip_ratio$/, title: 'clipped tokens', unit: 'share of tokens', share: true },
  { match: /^clip_ratio\//, title: 'clipped tokens', unit: 'share of tokens', share: true },
  { match: /^completions\/clipped_ratio$/, title: 'cut-off actions', unit: 'share of episodes', share: true },
  { match: /^completions\//, title: 'action length', unit: 'tokens / episode' },
  { match: /^optim\/grad_norm$/, title: 'gradient norm', unit: 'norm' },
  { match: /^optim\/lr$/, title: 'learning rate', unit: 'learning rate' },
  { match: /^perf\/tokens_per_s$/, title: 'generation speed', unit: 'tokens / s' },
  { match: /^perf\/env_steps_per_s$/, title: 'environment speed', unit: 'steps / s' },
  { match: /_ms$/, title: 'time', unit: 'ms' },
];

export function displayOf(name: string): MetricDisplay {
  const group = GROUP_OF_PREFIX[name.split('/')[0]] ?? 'other';
  const known = BY_NAME.find((d) => d.match.test(name));
  return { group, title: known?.title ?? name, unit: known?.unit ?? 'value', share: known?.share ?? false };
}

/** The settings a chart's motion depends on. */
export type ChartConfig = Pick<Config, 'beta' | 'mu' | 'async' | 'agg' | 'truncation' | 'warmup'>;

/**
 * Why this metric's chart cannot move in this config (it is then hidden), or null. `moved`: whether its values so far
 * differ (a learning rate changed by hand moves even without warmup).
 */
export function hiddenReason(name: string, c: ChartConfig, moved = false): string | null {
  // With one pass over fresh episodes every ratio is exactly 1 at the update.
  const ratioIsOne = c.mu === 1 && !c.async;
  if (name === 'loss/kl' && c.beta === 0) return 'KL is not measured: its weight beta is 0, so the loss has no KL term.';
  if ((name === 'policy/clip_ratio' || name.startsWith('clip_ratio/')) && ratioIsOne)
    return 'nothing is clipped: with one pass (mu = 1) on fresh episodes every ratio is exactly 1.';
  if (name === 'loss/policy' && ratioIsOne && c.beta === 0 && c.agg === 'grpo' && c.truncation === 'zero')
    return 'the loss reads 0 (up to rounding) here: every ratio is 1 and the advantages average 0; its gradient is not 0.';
  if (name === 'optim/lr' && c.warmup === 0 && !moved) return 'the learning rate stays at lr: there is no warmup (it moves if you change lr).';
  return null;
}
