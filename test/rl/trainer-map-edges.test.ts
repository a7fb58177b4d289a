// TRAINER_MAP's value functions by hand, one config at a time (test/rl/trainer-export.test.ts checks the exports
// against the map itself; here the map is checked against what TRL and verl name), and the table's form: every reason,
// path, note and fixed setting spelled out (every key's paths listed in full), and the verl agent loop the fixed
// settings name present in python/.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_TABLE, DEFAULT_CONFIG, type Config, type ConfigKey } from '../../src/core/config-table';
import { getEnvSpec } from '../../src/envs/registry';
import { FIXED, TRAINER_MAP, type SettingValue } from '../../src/rl/trainer-map';

/** The value `key` writes at `path` for `trainer` under the defaults changed by `over`. */
function valueAt(trainer: 'trl' | 'verl', key: ConfigKey, path: string, over: Partial<Config> = {}): SettingValue | undefined {
  const target = TRAINER_MAP[key][trainer];
  if ('none' in target) throw new Error(`${key} has no ${trainer} counterpart`);
  const setting = target.find((s) => s.path === path);
  if (!setting) throw new Error(`${key} writes no ${trainer} ${path}`);
  return setting.value({ ...DEFAULT_CONFIG, ...over } as Config);
}
const noValue = expect.objectContaining({ none: expect.stringMatching(/\w{4,}/) });

describe('TRAINER_MAP, by hand', () => {
  it('turns: the config\'s maxTurns, or the env\'s own limit when it is 0', () => {
    const own = getEnvSpec('login-user').maxTurns;
    expect(valueAt('trl', 'maxTurns', 'max_tool_calling_iterations', { env: 'login-user', maxTurns: 0 })).toBe(own);
    expect(valueAt('verl', 'maxTurns', 'actor_rollout_ref.rollout.multi_turn.max_assistant_turns', { env: 'login-user', maxTurns: 3 })).toBe(3);
    expect(valueAt('trl', 'maxTurns', 'environment.max_turns', { maxTurns: 0 })).toBe(0);
  });

  it('the batch: G x B episodes per device step with no accumulation (TRL), B prompts per batch and mini-batch (verl)', () => {
    expect(valueAt('trl', 'tasks', 'per_device_train_batch_size', { group: 6, tasks: 5 })).toBe(30);
    expect(valueAt('trl', 'tasks', 'gradient_accumulation_steps', { group: 6, tasks: 5 })).toBe(1);
    expect(valueAt('verl', 'tasks', 'data.train_batch_size', { tasks: 5 })).toBe(5);
    expect(valueAt('verl', 'tasks', 'actor_rollout_ref.actor.ppo_mini_batch_size', { tasks: 5 })).toBe(5);
  });

  it('adv: scale_rewards for the std modes, none for the two GRPOConfig lacks; adv_estimator and std normalisation in verl', () => {
    const trl = (adv: Config['adv']) => valueAt('trl', 'adv', 'scale_rewards', { adv });
    expect([trl('group'), trl('batch'), trl('none')]).toEqual(['group', 'batch', 'none']);
    expect(trl('rloo')).toEqual({ none: "GRPOConfig has no leave-one-out baseline (TRL's RLOOTrainer has)" });
    expect(trl('step-bonus')).toEqual({ none: 'GRPOConfig has no per-turn credit' });
    expect(trl('turn-gain')).toEqual({ none: 'GRPOConfig has no per-turn credit' });
    const advs = ['group', 'none', 'batch', 'rloo', 'step-bonus', 'turn-gain'] as const;
    expect(advs.map((adv) => valueAt('verl', 'adv', 'algorithm.adv_estimator', { adv }))).toEqual(['grpo', 'grpo', 'reinforce_plus_plus_baseline', 'rloo', 'gigpo', 'grpo']);
    expect(advs.map((adv) => valueAt('verl', 'adv', 'algorithm.norm_adv_by_std_in_grpo', { adv }))).toEqual([true, false, true, true, true, true]);
  });

  it("agg: TRL's loss_type and verl's loss_agg_mode for each aggregation", () => {
    const aggs = ['grpo', 'bnpo', 'dr_grpo', 'dapo', 'token_mean'] as const;
    expect(aggs.map((agg) => valueAt('trl', 'agg', 'loss_type', { agg }))).toEqual(['grpo', 'bnpo', 'dr_grpo', 'dapo', 'dapo']);
    expect(aggs.map((agg) => valueAt('verl', 'agg', 'actor_rollout_ref.actor.loss_agg_mode', { agg }))).toEqual(['seq-mean-token-mean', 'token-mean', 'seq-mean-token-sum-norm', 'token-mean', 'token-mean']);
  });

  it('sequence-level ratios are GSPO in verl; the KL loss is on exactly when beta > 0, as low_var_kl', () => {
    const mode = (importanceSamplingLevel: Config['importanceSamplingLevel']) => valueAt('verl', 'importanceSamplingLevel', 'actor_rollout_ref.actor.policy_loss.loss_mode', { importanceSamplingLevel });
    expect([mode('sequence'), mode('token')]).toEqual(['gspo', 'vanilla']);
    expect(valueAt('trl', 'importanceSamplingLevel', 'importance_sampling_level', { importanceSamplingLevel: 'sequence' })).toBe('sequence');
    expect(valueAt('verl', 'beta', 'actor_rollout_ref.actor.use_kl_loss', { beta: 0 })).toBe(false);
    expect(valueAt('verl', 'beta', 'actor_rollout_ref.actor.use_kl_loss', { beta: 0.001 })).toBe(true);
    expect(valueAt('verl', 'beta', 'actor_rollout_ref.actor.kl_loss_type')).toBe('low_var_kl');
    expect(valueAt('verl', 'beta', 'actor_rollout_ref.actor.kl_loss_coef', { beta: 0.04 })).toBe(0.04);
  });

  it('the SFT stage is written only when there are BC steps', () => {
    expect(valueAt('trl', 'bcSteps', 'sft_config.max_steps', { bcSteps: 0 })).toBeUndefined();
    expect(valueAt('trl', 'bcSteps', 'sft_config.max_steps', { bcSteps: 1 })).toBe(1);
    expect(valueAt('trl', 'bcLr', 'sft_config.learning_rate', { bcSteps: 0, bcLr: 0.005 })).toBeUndefined();
    expect(valueAt('trl', 'bcLr', 'sft_config.learning_rate', { bcSteps: 1, bcLr: 0.005 })).toBe(0.005);
  });

  it('evaluation and checkpoints: 0 turns them off (TRL "no", verl -1), N every N updates', () => {
    const cases = [['evalEvery', 'eval_strategy', 'eval_steps', 'trainer.test_freq'], ['checkpointEvery', 'save_strategy', 'save_steps', 'trainer.save_freq']] as const;
    for (const [key, strategy, steps, freq] of cases) {
      const at = (n: number) => [valueAt('trl', key, strategy, { [key]: n }), valueAt('trl', key, steps, { [key]: n }), valueAt('verl', key, freq, { [key]: n })];
      expect(at(0), key).toEqual(['no', undefined, -1]);
      expect(at(1), key).toEqual(['steps', 1, 1]);
    }
  });

  it('verl always clips the gradient: clip 0 has no value there; TRL copies it', () => {
    expect(valueAt('verl', 'gradClip', 'actor_rollout_ref.actor.grad_clip', { gradClip: 0 })).toEqual(noValue);
    expect(valueAt('verl', 'gradClip', 'actor_rollout_ref.actor.grad_clip', { gradClip: 0.5 })).toBe(0.5);
    expect(valueAt('trl', 'gradClip', 'max_grad_norm', { gradClip: 0 })).toBe(0);
  });

  it('copied keys carry the value itself, to every path of theirs', () => {
    const over: Partial<Config> = { env: 'login-user', split: 'test', difficulty: 2, temperature: 1.5, topP: 0.9, group: 4, lr: 0.002, seed: 41, updates: 9, mu: 3, reward: 'process' };
    expect(valueAt('trl', 'env', 'environment.env', over)).toBe('login-user');
    expect(valueAt('verl', 'split', 'greenhouse.split', over)).toBe('test');
    expect(valueAt('verl', 'difficulty', 'greenhouse.level', over)).toBe(2);
    expect(valueAt('verl', 'temperature', 'actor_rollout_ref.rollout.temperature', over)).toBe(1.5);
    expect(valueAt('trl', 'topP', 'top_p', over)).toBe(0.9);
    expect(valueAt('verl', 'group', 'actor_rollout_ref.rollout.n', over)).toBe(4);
    expect(valueAt('verl', 'lr', 'actor_rollout_ref.actor.optim.lr', over)).toBe(0.002);
    expect([valueAt('trl', 'seed', 'seed', over), valueAt('trl', 'seed', 'environment.seed', over), valueAt('verl', 'seed', 'data.seed', over), valueAt('verl', 'seed', 'greenhouse.seed', over)]).toEqual([41, 41, 41, 41]);
    expect(valueAt('verl', 'updates', 'trainer.total_training_steps', over)).toBe(9);
    expect(valueAt('verl', 'mu', 'actor_rollout_ref.actor.ppo_epochs', over)).toBe(3);
    expect(valueAt('verl', 'reward', 'greenhouse.reward', over)).toBe('process');
  });
});

describe("TRAINER_MAP's form", () => {
  it('every reason for no counterpart is a phrase; every path is dotted snake_case names; every note says something', () => {
    for (const { key } of CONFIG_TABLE) {
      const entry = TRAINER_MAP[key];
      for (const trainer of ['trl', 'verl'] as const) {
        const target = entry[trainer];
        if ('none' in target) expect(target.none, `${key} ${trainer}`).toMatch(/^\S.{15,}\S$/);
        else for (const s of target) expect(s.path, `${key} ${trainer}`).toMatch(/^[a-z][a-z_]*(\.[a-z][a-z_]*)*$/);
      }
      if (entry.note !== undefined) expect(entry.note, key).toMatch(/^\S.{15,}\S$/);
    }
  });

  it("names each key's settings as the trainer spells them, in order; every other key has no counterpart there", () => {
    const paths = (trainer: 'trl' | 'verl') =>
      Object.fromEntries(CONFIG_TABLE.flatMap(({ key }) => {
        const target = TRAINER_MAP[key][trainer];
        return 'none' in target ? [] : [[key, target.map((s) => s.path)]];
      }));
    const actor = (name: string) => `actor_rollout_ref.actor.${name}`;
    const rollout = (name: string) => `actor_rollout_ref.rollout.${name}`;
    expect(paths('trl')).toEqual({
      env: ['environment.env'],
      difficulty: ['environment.level'],
      maxTurns: ['environment.max_turns', 'max_tool_calling_iterations'],
      split: ['environment.split'],
      temperature: ['temperature'],
      topP: ['top_p'],
      group: ['num_generations'],
      tasks: ['per_device_train_batch_size', 'gradient_accumulation_steps'],
      adv: ['scale_rewards'],
      agg: ['loss_type'],
      importanceSamplingLevel: ['importance_sampling_level'],
      maskTruncatedCompletions: ['mask_truncated_completions'],
      topEntropyQuantile: ['top_entropy_quantile'],
      entropyCoef: ['entropy_coef'],
      clipLow: ['epsilon'],
      clipHigh: ['epsilon_high'],
      beta: ['beta'],
      mu: ['num_iterations'],
      reward: ['environment.reward'],
      truncation: ['environment.truncation'],
      bcSteps: ['sft_config.max_steps'],
      bcLr: ['sft_config.learning_rate'],
      lr: ['learning_rate'],
      warmup: ['warmup_steps'],
      weightDecay: ['weight_decay'],
      gradClip: ['max_grad_norm'],
      seed: ['seed', 'environment.seed'],
      updates: ['max_steps'],
      evalEvery: ['eval_strategy', 'eval_steps'],
      checkpointEvery: ['save_strategy', 'save_steps'],
    });
    expect(paths('verl')).toEqual({
      env: ['greenhouse.env'],
      difficulty: ['greenhouse.level'],
      maxTurns: ['greenhouse.max_turns', rollout('multi_turn.max_assistant_turns')],
      split: ['greenhouse.split'],
      temperature: [rollout('temperature')],
      topP: [rollout('top_p')],
      group: [rollout('n')],
      tasks: ['data.train_batch_size', actor('ppo_mini_batch_size')],
      adv: ['algorithm.adv_estimator', 'algorithm.norm_adv_by_std_in_grpo'],
      agg: [actor('loss_agg_mode')],
      importanceSamplingLevel: [actor('policy_loss.loss_mode')],
      entropyCoef: [actor('entropy_coeff')],
      clipLow: [actor('clip_ratio_low')],
      clipHigh: [actor('clip_ratio_high')],
      beta: [actor('use_kl_loss'), actor('kl_loss_coef'), actor('kl_loss_type')],
      mu: [actor('ppo_epochs')],
      reward: ['greenhouse.reward'],
      truncation: ['greenhouse.truncation'],
      lr: [actor('optim.lr')],
      warmup: [actor('optim.lr_warmup_steps')],
      weightDecay: [actor('optim.weight_decay')],
      gradClip: [actor('grad_clip')],
      seed: ['data.seed', 'greenhouse.seed'],
      updates: ['trainer.total_training_steps'],
      evalEvery: ['trainer.test_freq'],
      checkpointEvery: ['trainer.save_freq'],
    });
  });

  it('the keys with a caveat carry their note', () => {
    const noted = CONFIG_TABLE.map((p) => p.key).filter((key) => TRAINER_MAP[key].note !== undefined);
    expect(noted).toEqual(['split', 'tasks', 'adv', 'topEntropyQuantile', 'beta', 'reward', 'truncation', 'bcSteps', 'seed', 'evalEvery']);
  });

  it("verl's fixed settings: the env server's default address, the raw chat, async multi-turn rollouts, and the agent loop that python/ registers", () => {
    expect(FIXED.trl).toEqual([]);
    const verl = Object.fromEntries(FIXED.verl.map((f) => [f.path, f.value]));
    expect(verl).toEqual({
      'greenhouse.server': 'http://127.0.0.1:8750',
      'data.return_raw_chat': true,
      'actor_rollout_ref.rollout.mode': 'async',
      'actor_rollout_ref.rollout.multi_turn.enable': true,
      'actor_rollout_ref.rollout.agent.default_agent_loop': 'greenhouse_agent',
      'actor_rollout_ref.rollout.agent.agent_loop_config_path': 'python/greenhouse_envs/verl_agent_loop.yaml',
    });
    const loops = readFileSync(String(verl['actor_rollout_ref.rollout.agent.agent_loop_config_path']), 'utf8');
    expect(loops).toContain(`- name: ${verl['actor_rollout_ref.rollout.agent.default_agent_loop']}\n`);
    for (const f of FIXED.verl) expect(f.why, f.path).toMatch(/^\S.{8,}\S$/);
  });
});
