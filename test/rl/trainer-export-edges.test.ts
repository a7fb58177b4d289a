// src/rl/trainer-export.ts by hand on one known config, fast (test/rl/trainer-export.test.ts checks random configs
// key by key and runs the TRL script): where each setting lands (grpo_config, environment, sft_config; verl's nested
// paths), what is listed as having no counterpart and why, the documents' framing, and the mapping table's rows.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_CONFIG, type Config } from '../../src/core/config-table';
import { encodeLink } from '../../src/core/share-link';
import { mappingMarkdown, TRL_SCRIPT, trainerSettings, trlDocument, trlJson, verlYaml } from '../../src/rl/trainer-export';

const CONFIG = { ...DEFAULT_CONFIG, env: 'login-user', group: 6, tasks: 5, gradClip: 0, bcSteps: 0, evalEvery: 0, seed: 11 } as Config;
const FAMILIES_WHY = 'the env server plays one family per session; a mixture of families is ours';

describe('trainerSettings', () => {
  it("verl: the fixed settings, each key's paths, and keys or values with no counterpart listed with their value and why", () => {
    const { values, noCounterpart } = trainerSettings(CONFIG, 'verl');
    expect(values['greenhouse.server']).toBe('http://127.0.0.1:8750');
    expect(values['actor_rollout_ref.rollout.n']).toBe(6);
    expect(values['greenhouse.seed']).toBe(11);
    expect(noCounterpart.families).toEqual({ value: CONFIG.families, why: FAMILIES_WHY });
    expect(noCounterpart.gradClip).toEqual({ value: 0, why: 'verl always clips the gradient norm; 0 (no clipping) has no value' });
    expect(values).not.toHaveProperty(['actor_rollout_ref.actor.grad_clip']);
  });

  it('trl: a setting with no value for this config is not written and not listed', () => {
    const { values, noCounterpart } = trainerSettings(CONFIG, 'trl');
    expect(values).not.toHaveProperty(['sft_config.max_steps']);
    expect(values).not.toHaveProperty(['eval_steps']);
    expect(noCounterpart).not.toHaveProperty('bcSteps');
    expect(values.eval_strategy).toBe('no');
    expect(values.max_grad_norm).toBe(0);
    expect(values).not.toHaveProperty(['greenhouse.server']);
  });
});

describe('trlDocument and trlJson', () => {
  it('the link, GRPOConfig arguments, the environment section, and no SFT stage without BC steps', () => {
    const doc = trlDocument(CONFIG);
    expect(doc.greenhouse_link).toBe(`#${encodeLink(CONFIG)}`);
    expect(doc.grpo_config).toMatchObject({ num_generations: 6, per_device_train_batch_size: 30, seed: 11, max_grad_norm: 0 });
    expect(doc.grpo_config).not.toHaveProperty(['environment.env']);
    expect(doc.environment).toMatchObject({ env: 'login-user', seed: 11, split: 'train', level: 0 });
    expect(doc.no_counterpart.families).toEqual({ value: CONFIG.families, why: FAMILIES_WHY });
    expect(doc).not.toHaveProperty('sft_config');
    expect(Object.keys(doc)).toEqual(['greenhouse_link', 'grpo_config', 'environment', 'no_counterpart']);
  });

  it('an SFT stage when there are BC steps', () => {
    expect(trlDocument({ ...CONFIG, bcSteps: 4, bcLr: 0.005 }).sft_config).toEqual({ max_steps: 4, learning_rate: 0.005 });
  });

  it('trlJson is the document with two-space indents and a final newline', () => {
    expect(trlJson(CONFIG)).toBe(`${JSON.stringify(trlDocument(CONFIG), null, 2)}\n`);
  });

  it("the script reads the JSON's sections and builds TRL's trainers", () => {
    for (const part of ['experiment["grpo_config"]', 'experiment["environment"]', 'experiment.get("sft_config")', 'GRPOTrainer(', 'SFTTrainer(']) expect(TRL_SCRIPT).toContain(part);
  });
});

describe('verlYaml', () => {
  it("nests dotted paths, adds the Hydra defaults and the greenhouse section's link and keys with no counterpart", () => {
    const text = verlYaml(CONFIG);
    const doc = parse(text, { version: '1.1' });
    expect(doc.hydra).toEqual({ searchpath: ['pkg://verl.trainer.config'] });
    expect(doc.defaults).toEqual(['ppo_trainer', '_self_']);
    expect(doc.actor_rollout_ref.rollout.multi_turn.enable).toBe(true);
    expect(doc.actor_rollout_ref.rollout.agent.default_agent_loop).toBe('greenhouse_agent');
    expect(doc.data).toMatchObject({ seed: 11, train_batch_size: 5, return_raw_chat: true });
    expect(doc.greenhouse.link).toBe(`#${encodeLink(CONFIG)}`);
    expect(doc.greenhouse.env).toBe('login-user');
    expect(doc.greenhouse.no_counterpart.families).toEqual({ value: CONFIG.families, why: FAMILIES_WHY });
    expect(Object.keys(doc).slice(0, 2)).toEqual(['hydra', 'defaults']);
  });

  it('opens with a comment on how to run it and which keys have no counterpart', () => {
    const text = verlYaml(CONFIG);
    const lines = text.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      '# A Greenhouse experiment as a verl config, from `npm run export-config -- --to verl`:',
      '#   PYTHONPATH=python python3 -m verl.trainer.main_ppo --config-path=$PWD --config-name=NAME \\',
      '#     actor_rollout_ref.model.path=Qwen/Qwen3-0.6B data.train_files=... greenhouse.server=http://HOST:8750',
      '# The greenhouse section is read by python/greenhouse_envs/verl_agent_loop.py; keys with no counterpart',
      expect.stringMatching(/^# in verl are listed under greenhouse\.no_counterpart: families, curriculum, .*gradClip, .*hide\.$/),
    ]);
    // lineWidth 0: a long reason is not folded onto two lines (at the default 80 columns these two would be)
    expect(text).toContain(`why: ${FAMILIES_WHY}\n`);
    expect(text).toContain("      why: a head of our policy's architecture (pointing and copying); chat models emit tool-call text\n");
    expect(text).toContain("      why: verl has no switch that leaves responses cut at the length limit out of the loss\n");
  });
});

describe('mappingMarkdown', () => {
  it('a header, one row per key (paths in backticks, or none: and why, then the note), and the fixed settings', () => {
    const lines = mappingMarkdown().split('\n');
    expect(lines[0]).toBe('| key | TRL (GRPOConfig; environment, sft_config sections) | verl (PPO trainer config; greenhouse section) | note |');
    expect(lines[1]).toBe('| --- | --- | --- | --- |');
    expect(lines[2]).toBe('| `env` | `environment.env` | `greenhouse.env` |  |');
    expect(lines[3]).toBe(`| \`families\` | none: ${FAMILIES_WHY} | none: ${FAMILIES_WHY} |  |`);
    expect(lines).toContain('| `maxTurns` | `environment.max_turns`, `max_tool_calling_iterations` | `greenhouse.max_turns`, `actor_rollout_ref.rollout.multi_turn.max_assistant_turns` |  |');
    expect(lines).toContain('| `split` | `environment.split` | `greenhouse.split` | evaluation always plays test |');
    expect(lines).toContain("| (always) |  | `greenhouse.server` = \"http://127.0.0.1:8750\" | where the agent loop finds `npm run serve` |");
    expect(lines).toContain('| (always) |  | `data.return_raw_chat` = true | agent loops read the raw chat |');
    expect(lines.at(-1)).toBe('');
  });
});
