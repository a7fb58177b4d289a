// How every key of an experiment's config carries over to TRL (GRPOConfig, its SFTConfig stage, and the
// environment served by `npm run serve`) and to verl (its PPO trainer config and the `greenhouse:` section the
// agent loop reads). One entry per config key, typed as a record over ConfigKey: a key added to the config table
// without an entry here fails the type check (and test/rl/trainer-export.test.ts), so none is dropped silently.
// A key, or one of its values, with no counterpart says why instead. The README's mapping table is made from this.

import type { Config, ConfigKey } from '../core/config-table';
import { maxTurnsOf } from './rollout';
import { getEnvSpec } from '../envs/registry';

/** A value with no counterpart in the trainer, and why. */
export interface NoValue {
  none: string;
}
export type SettingValue = string | number | boolean | NoValue;

/** One trainer setting a key writes: its dotted path in the export, and its value for a config (undefined: not
 * written for this config, another setting of the key says it). */
export interface Setting {
  path: string;
  value: (c: Config) => SettingValue | undefined;
}

export type Counterpart = readonly Setting[] | NoValue;

export interface KeyMapping {
  trl: Counterpart;
  verl: Counterpart;
  /** How far the counterpart is from ours, when it is not the same thing. */
  note?: string;
}

const none = (why: string): NoValue => ({ none: why });
const set = (path: string, value: (c: Config) => SettingValue | undefined): Setting => ({ path, value });
const copy = <K extends ConfigKey>(path: string, key: K): Setting => set(path, (c) => c[key] as SettingValue);
const actor = (name: string) => `actor_rollout_ref.actor.${name}`;
const rollout = (name: string) => `actor_rollout_ref.rollout.${name}`;

const MARTI = none("MARTI's multi-agent workflows (built on OpenRLHF) have no counterpart in TRL or verl");
/** Turns per episode as the trainer plays them (0 means the env's own limit). */
const turns = (c: Config) => maxTurnsOf(getEnvSpec(c.env), c);

export const TRAINER_MAP: { readonly [K in ConfigKey]: KeyMapping } = {
  env: { trl: [copy('environment.env', 'env')], verl: [copy('greenhouse.env', 'env')] },
  families: { trl: none('the env server plays one family per session; a mixture of families is ours'), verl: none('the env server plays one family per session; a mixture of families is ours') },
  split: { trl: [copy('environment.split', 'split')], verl: [copy('greenhouse.split', 'split')], note: 'evaluation always plays test' },
  curriculum: { trl: none('GRPOTrainer has no curriculum over task levels'), verl: none('verl has no curriculum over task levels') },
  curriculumWindow: { trl: none('GRPOTrainer has no curriculum over task levels'), verl: none('verl has no curriculum over task levels') },
  curriculumUp: { trl: none('GRPOTrainer has no curriculum over task levels'), verl: none('verl has no curriculum over task levels') },
  curriculumDown: { trl: none('GRPOTrainer has no curriculum over task levels'), verl: none('verl has no curriculum over task levels') },
  difficulty: { trl: [copy('environment.level', 'difficulty')], verl: [copy('greenhouse.level', 'difficulty')] },
  maxTurns: {
    trl: [copy('environment.max_turns', 'maxTurns'), set('max_tool_calling_iterations', turns)],
    verl: [copy('greenhouse.max_turns', 'maxTurns'), set(rollout('multi_turn.max_assistant_turns'), turns)],
  },
  model: { trl: none('GRPOTrainer(model=...) takes a pretrained chat model with tool calling; tiny/small/base are ours'), verl: none('actor_rollout_ref.model.path takes a pretrained chat model; tiny/small/base are ours') },
  grammar: { trl: none('tools are parsed from the chat template; no switch constrains decoding to our action grammar'), verl: none('tool calls are parsed from the output; no switch constrains decoding to our action grammar') },
  skipRefused: { trl: none("a mask on our grammar's decoding from the env's refusals; TRL samples free text"), verl: none("a mask on our grammar's decoding from the env's refusals; verl samples free text") },
  fitArgs: { trl: none("a mask on our grammar's decoding from the page's roles and words; TRL samples free text"), verl: none("a mask on our grammar's decoding from the page's roles and words; verl samples free text") },
  match: { trl: none("an input feature of our policy's context"), verl: none("an input feature of our policy's context") },
  init: { trl: none('GRPOTrainer(model=...) starts from its pretrained model; our base policy is ours'), verl: none('actor_rollout_ref.model.path names the pretrained model; our base policy is ours') },
  pointer: { trl: none("a head of our policy's architecture (pointing and copying); chat models emit tool-call text"), verl: none("a head of our policy's architecture (pointing and copying); chat models emit tool-call text") },
  temperature: { trl: [copy('temperature', 'temperature')], verl: [copy(rollout('temperature'), 'temperature')] },
  topP: { trl: [copy('top_p', 'topP')], verl: [copy(rollout('top_p'), 'topP')] },
  group: { trl: [copy('num_generations', 'group')], verl: [copy(rollout('n'), 'group')] },
  tasks: {
    trl: [set('per_device_train_batch_size', (c) => c.group * c.tasks), set('gradient_accumulation_steps', () => 1)],
    verl: [copy('data.train_batch_size', 'tasks'), copy(actor('ppo_mini_batch_size'), 'tasks')],
    note: 'one optimizer step per update over all G x B episodes (TRL: per_device_train_batch_size x gradient_accumulation_steps x GPUs = G x B)',
  },
  adv: {
    trl: [set('scale_rewards', (c) => (c.adv === 'rloo' ? none("GRPOConfig has no leave-one-out baseline (TRL's RLOOTrainer has)") : c.adv === 'step-bonus' || c.adv === 'turn-gain' ? none('GRPOConfig has no per-turn credit') : c.adv))],
    verl: [
      set('algorithm.adv_estimator', (c) => ({ group: 'grpo', none: 'grpo', batch: 'reinforce_plus_plus_baseline', rloo: 'rloo', 'step-bonus': 'gigpo', 'turn-gain': 'grpo' })[c.adv]),
      set('algorithm.norm_adv_by_std_in_grpo', (c) => c.adv !== 'none'),
    ],
    note: "verl's reinforce_plus_plus_baseline (group mean, then batch whitening) stands for batch; step-bonus is nearest verl-agent's gigpo (a verl fork), whose step groups are exact states scored by the return, both signs; ours are states of one progress scored by the progress reached, the positive part only; turn-gain is grpo plus each turn's own change in progress, which verl has no estimator for",
  },
  agg: {
    trl: [set('loss_type', (c) => ({ grpo: 'grpo', bnpo: 'bnpo', dr_grpo: 'dr_grpo', dapo: 'dapo', token_mean: 'dapo' })[c.agg])],
    verl: [set(actor('loss_agg_mode'), (c) => ({ grpo: 'seq-mean-token-mean', bnpo: 'token-mean', dr_grpo: 'seq-mean-token-sum-norm', dapo: 'token-mean', token_mean: 'token-mean' })[c.agg])],
  },
  importanceSamplingLevel: {
    trl: [copy('importance_sampling_level', 'importanceSamplingLevel')],
    verl: [set(actor('policy_loss.loss_mode'), (c) => (c.importanceSamplingLevel === 'sequence' ? 'gspo' : 'vanilla'))],
  },
  maskTruncatedCompletions: {
    trl: [copy('mask_truncated_completions', 'maskTruncatedCompletions')],
    verl: none('verl has no switch that leaves responses cut at the length limit out of the loss'),
  },
  topEntropyQuantile: { trl: [copy('top_entropy_quantile', 'topEntropyQuantile')], verl: none('verl has no top-entropy token mask'), note: 'ours ranks tokens by the entropy they were sampled with (grammar mask applied); TRL by the training forward pass' },
  entropyCoef: { trl: [copy('entropy_coef', 'entropyCoef')], verl: [copy(actor('entropy_coeff'), 'entropyCoef')] },
  clipLow: { trl: [copy('epsilon', 'clipLow')], verl: [copy(actor('clip_ratio_low'), 'clipLow')] },
  clipHigh: { trl: [copy('epsilon_high', 'clipHigh')], verl: [copy(actor('clip_ratio_high'), 'clipHigh')] },
  beta: {
    trl: [copy('beta', 'beta')],
    verl: [set(actor('use_kl_loss'), (c) => c.beta > 0), copy(actor('kl_loss_coef'), 'beta'), set(actor('kl_loss_type'), () => 'low_var_kl')],
    note: "verl's low_var_kl is the k3 estimator (clamped at 10), as ours",
  },
  ref: {
    trl: none('the reference is the model the trainer starts from: the SFT checkpoint when bcSteps > 0'),
    verl: none('the reference is the model the trainer starts from: the SFT checkpoint when bcSteps > 0'),
  },
  mu: { trl: [copy('num_iterations', 'mu')], verl: [copy(actor('ppo_epochs'), 'mu')] },
  reward: { trl: [copy('environment.reward', 'reward')], verl: [copy('greenhouse.reward', 'reward')], note: "the server scores each episode (info.episodeReward): get_reward() in TRL, reward_score in verl" },
  truncation: {
    trl: [copy('environment.truncation', 'truncation')],
    verl: [copy('greenhouse.truncation', 'truncation')],
    note: "episodes cut at the turn limit, scored by the server (TRL's mask_truncated_completions is maskTruncatedCompletions)",
  },
  failedTurnCredit: {
    trl: none('GRPOTrainer gives every token of a completion its advantage; no per-turn credit for refused actions'),
    verl: none('verl gives every response token its advantage; no per-turn credit for refused actions'),
  },
  async: { trl: none('GRPOTrainer samples with the current policy; no one-update-old rollouts'), verl: none("verl's one_step_off_policy recipe is a separate trainer") },
  skills: { trl: none("our skill library's macro-actions"), verl: none("our skill library's macro-actions") },
  skillSelect: { trl: none("our skill discovery's selection rule (Bottom-Up Agent's or ours)"), verl: none("our skill discovery's selection rule (Bottom-Up Agent's or ours)") },
  workflow: { trl: MARTI, verl: MARTI },
  agents: { trl: MARTI, verl: MARTI },
  rounds: { trl: MARTI, verl: MARTI },
  alloc: { trl: MARTI, verl: MARTI },
  allocAlpha: { trl: MARTI, verl: MARTI },
  maxOthers: { trl: MARTI, verl: MARTI },
  shuffleResponses: { trl: MARTI, verl: MARTI },
  containSelf: { trl: MARTI, verl: MARTI },
  aggregate: { trl: MARTI, verl: MARTI },
  leadModel: { trl: MARTI, verl: MARTI },
  view: { trl: MARTI, verl: MARTI },
  bcSteps: {
    trl: [set('sft_config.max_steps', (c) => (c.bcSteps > 0 ? c.bcSteps : undefined))],
    verl: none("behaviour cloning is a separate run of verl's SFT trainer"),
    note: 'TRL: an SFTTrainer stage on demonstrations before GRPO (the exported script runs it with --demos); none when bcSteps is 0',
  },
  bcLr: {
    trl: [set('sft_config.learning_rate', (c) => (c.bcSteps > 0 ? c.bcLr : undefined))],
    verl: none("behaviour cloning is a separate run of verl's SFT trainer"),
  },
  bcDemos: { trl: none('the SFT stage trains on the demonstrations file it is given: its size is the budget'), verl: none("behaviour cloning is a separate run of verl's SFT trainer") },
  bcNoise: { trl: none('the SFT stage trains on the demonstrations file it is given, noisy or not'), verl: none("behaviour cloning is a separate run of verl's SFT trainer") },
  bcMistakes: { trl: none('the SFT stage trains on the demonstrations file it is given; refused turns are ours to leave out'), verl: none("behaviour cloning is a separate run of verl's SFT trainer") },
  lr: { trl: [copy('learning_rate', 'lr')], verl: [copy(actor('optim.lr'), 'lr')] },
  warmup: { trl: [copy('warmup_steps', 'warmup')], verl: [copy(actor('optim.lr_warmup_steps'), 'warmup')] },
  weightDecay: { trl: [copy('weight_decay', 'weightDecay')], verl: [copy(actor('optim.weight_decay'), 'weightDecay')] },
  gradClip: {
    trl: [copy('max_grad_norm', 'gradClip')],
    verl: [set(actor('grad_clip'), (c) => (c.gradClip > 0 ? c.gradClip : none('verl always clips the gradient norm; 0 (no clipping) has no value')))],
  },
  seed: { trl: [copy('seed', 'seed'), copy('environment.seed', 'seed')], verl: [copy('data.seed', 'seed'), copy('greenhouse.seed', 'seed')], note: 'task seeds start at the seed, one per dataset row' },
  updates: { trl: [copy('max_steps', 'updates')], verl: [copy('trainer.total_training_steps', 'updates')] },
  evalEvery: {
    trl: [set('eval_strategy', (c) => (c.evalEvery > 0 ? 'steps' : 'no')), set('eval_steps', (c) => (c.evalEvery > 0 ? c.evalEvery : undefined))],
    verl: [set('trainer.test_freq', (c) => (c.evalEvery > 0 ? c.evalEvery : -1))],
    note: 'ours plays the test split greedily and sampled; theirs runs the eval set the trainer is given',
  },
  evalTasks: { trl: none('GRPOTrainer evaluates the eval_dataset it is given (test-split task seeds, one per row)'), verl: none('verl evaluates data.val_files (test-split task seeds, one per row)') },
  backend: { trl: none('the hardware is chosen by accelerate / torch'), verl: none('the hardware is chosen by Ray placement') },
  f16: { trl: none('precision is bf16/fp16 in TrainingArguments, a choice of its own'), verl: none("precision is the rollout's and FSDP's dtype, a choice of its own") },
  checkpointEvery: {
    trl: [set('save_strategy', (c) => (c.checkpointEvery > 0 ? 'steps' : 'no')), set('save_steps', (c) => (c.checkpointEvery > 0 ? c.checkpointEvery : undefined))],
    verl: [set('trainer.save_freq', (c) => (c.checkpointEvery > 0 ? c.checkpointEvery : -1))],
  },
  hide: { trl: none('a view setting of the page'), verl: none('a view setting of the page') },
};

/** Settings every export writes whatever the config: what the pieces need to fit together. */
export const FIXED: Record<'trl' | 'verl', readonly { path: string; value: string | number | boolean; why: string }[]> = {
  trl: [],
  verl: [
    { path: 'greenhouse.server', value: 'http://127.0.0.1:8750', why: 'where the agent loop finds `npm run serve`' },
    { path: 'data.return_raw_chat', value: true, why: 'agent loops read the raw chat' },
    { path: rollout('mode'), value: 'async', why: 'agent loops run on the async rollout' },
    { path: rollout('multi_turn.enable'), value: true, why: 'episodes are multi-turn' },
    { path: rollout('agent.default_agent_loop'), value: 'greenhouse_agent', why: 'python/greenhouse_envs/verl_agent_loop.py' },
    { path: rollout('agent.agent_loop_config_path'), value: 'python/greenhouse_envs/verl_agent_loop.yaml', why: 'registers that loop' },
  ],
};
