// The experiment exports: every config key mapped or listed as having no counterpart, links round-tripping
// through the TRL JSON and the verl YAML key by key, the README's table made from the same map, and the exported
// TRL script run (with stand-ins for trl and datasets) against a live env server.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'yaml';
import { CONFIG_TABLE, DEFAULT_CONFIG, type Config } from '../../src/core/config-table';
import { decodeLink, encodeLink } from '../../src/core/share-link';
import { TRAINER_MAP } from '../../src/rl/trainer-map';
import { mappingMarkdown, TRL_SCRIPT, trlDocument, trlJson, verlYaml, type Trainer } from '../../src/rl/trainer-export';
import { buildServer } from '../../src/server/app';

/** The value at a dotted path of a parsed export (undefined when absent). */
function at(doc: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, p) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined), doc);
}

/** Where a setting lands in the TRL JSON: its section, or grpo_config. */
const trlPath = (path: string) => (/^(environment|sft_config)\./.test(path) ? path : `grpo_config.${path}`);

/** Checks every key of a config against a parsed export: each setting at its path, or listed with its value and why. */
function checkKeyByKey(config: Config, doc: unknown, trainer: Trainer, noCounterpartPath: string) {
  const unmapped = at(doc, noCounterpartPath) as Record<string, { value: unknown; why: string }>;
  for (const { key } of CONFIG_TABLE) {
    const target = TRAINER_MAP[key][trainer];
    if ('none' in target) {
      expect(unmapped[key], `${trainer} ${key}`).toEqual({ value: config[key], why: target.none });
      continue;
    }
    for (const s of target) {
      const want = s.value(config);
      const path = trainer === 'trl' ? trlPath(s.path) : s.path;
      if (want === undefined) expect(at(doc, path), `${trainer} ${key} -> ${path}`).toBeUndefined();
      else if (typeof want === 'object') expect(unmapped[key], `${trainer} ${key}=${String(config[key])}`).toEqual({ value: config[key], why: want.none });
      else expect(at(doc, path), `${trainer} ${key} -> ${path}`).toEqual(want);
    }
  }
}

/** Valid configs drawn from the table (cross-field bounds checked by decoding their link). */
const configs = fc
  .record(Object.fromEntries(CONFIG_TABLE.map((p) => [p.key, p.type === 'int' ? fc.integer({ min: p.min, max: p.max }) : p.type === 'float' ? fc.double({ min: p.min, max: p.max, noNaN: true }) : p.type === 'bool' ? fc.boolean() : p.type === 'enum' ? fc.constantFrom(...p.values) : fc.subarray([...p.values])])))
  .map((c) => decodeLink(encodeLink(c as unknown as Config)))
  .filter((r) => r.ok)
  .map((r) => (r.ok ? r.config : DEFAULT_CONFIG));

describe('experiment export', () => {
  it('maps every config key for both trainers, or says why it has no counterpart', () => {
    for (const { key } of CONFIG_TABLE) {
      for (const trainer of ['trl', 'verl'] as const) {
        const target = TRAINER_MAP[key]?.[trainer];
        expect(target, `${key} has no ${trainer} entry`).toBeDefined();
        if ('none' in target) expect(target.none.length).toBeGreaterThan(10);
        else expect(target.length).toBeGreaterThan(0);
      }
    }
    expect(Object.keys(TRAINER_MAP).sort()).toEqual(CONFIG_TABLE.map((p) => p.key).sort());
  });

  it('round-trips links through the TRL JSON and the verl YAML, key by key', () => {
    fc.assert(
      fc.property(configs, (config) => {
        const trl = JSON.parse(trlJson(config));
        checkKeyByKey(config, trl, 'trl', 'no_counterpart');
        expect(decodeLink(trl.greenhouse_link)).toEqual({ ok: true, config, warnings: [] });
        const verl = parse(verlYaml(config), { version: '1.1' });
        checkKeyByKey(config, verl, 'verl', 'greenhouse.no_counterpart');
        expect(decodeLink(verl.greenhouse.link)).toEqual({ ok: true, config, warnings: [] });
        expect(verl.defaults).toEqual(['ppo_trainer', '_self_']);
      }),
      { numRuns: 60, seed: 3 },
    );
  });

  it('writes the names the trainers use: GRPO options and verl paths for a known config', () => {
    const config = { ...DEFAULT_CONFIG, env: 'login-user', group: 6, tasks: 5, agg: 'dr_grpo', adv: 'none', clipHigh: 0.28, beta: 0.04, mu: 2, checkpointEvery: 0 } as Config;
    const trl = trlDocument(config);
    expect(trl.grpo_config).toMatchObject({ num_generations: 6, per_device_train_batch_size: 30, loss_type: 'dr_grpo', scale_rewards: 'none', epsilon: 0.2, epsilon_high: 0.28, beta: 0.04, num_iterations: 2, save_strategy: 'no', max_tool_calling_iterations: 6 });
    expect(trl.grpo_config).not.toHaveProperty('save_steps');
    expect(trl.sft_config).toBeUndefined();
    const text = verlYaml(config);
    expect(text).toMatch(/^\s+"n": 6$/m); // YAML 1.1 readers (PyYAML under OmegaConf) would take a bare n for false
    const verl = parse(text, { version: '1.1' });
    expect(verl.algorithm).toEqual({ adv_estimator: 'grpo', norm_adv_by_std_in_grpo: false });
    expect(verl.actor_rollout_ref.actor).toMatchObject({ loss_agg_mode: 'seq-mean-token-sum-norm', use_kl_loss: true, kl_loss_coef: 0.04, ppo_epochs: 2, ppo_mini_batch_size: 5 });
    expect(verl.trainer.save_freq).toBe(-1);
  });

  it("README's mapping table is the one made from the map", () => {
    const readme = readFileSync('README.md', 'utf8');
    const block = /<!-- trainer-map:start -->\n([\s\S]*?)<!-- trainer-map:end -->/.exec(readme);
    expect(block, 'README.md has the trainer-map markers').not.toBeNull();
    expect(block![1]).toBe(mappingMarkdown());
  });

  it('the exported TRL script builds the trainer from the JSON and plays through the env server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trl-export-'));
    const config = { ...DEFAULT_CONFIG, env: 'choose-list', seed: 40, tasks: 3, updates: 7 } as Config;
    writeFileSync(join(dir, 'run.json'), trlJson(config));
    writeFileSync(join(dir, 'run.py'), TRL_SCRIPT);
    const { app } = buildServer();
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const report = join(dir, 'report.json');
      const env = { ...process.env, PYTHONPATH: [resolve('test/rl/fake-trl'), resolve('python')].join(':'), FAKE_TRL_REPORT: report, PYTHONDONTWRITEBYTECODE: '1' };
      const { code, output } = await new Promise<{ code: number | null; output: string }>((done, fail) => {
        const child = spawn('python3', [join(dir, 'run.py'), '--model', 'Qwen/Qwen3-0.6B', '--server', url, '--output-dir', join(dir, 'out')], { env });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d));
        child.stderr.on('data', (d: Buffer) => (output += d));
        child.on('error', fail);
        child.on('close', (c) => done({ code: c, output }));
      });
      expect(code, output).toBe(0);
      const got = JSON.parse(readFileSync(report, 'utf8'));
      expect(got.args).toEqual({ output_dir: join(dir, 'out'), ...trlDocument(config).grpo_config });
      expect(got.rows).toBe(config.updates * config.tasks);
      expect(got.first_row).toEqual({ seed: 40, split: 'train', level: 0 });
      expect(got.last_seed).toBe(40 + 7 * 3 - 1);
      expect(got.reset_text).toMatch(/^Goal: Select .* from the list/);
      expect(got.tools).toEqual(['answer', 'back', 'check', 'click', 'fill', 'select']);
      expect(got.reward).toBe(0);
    } finally {
      await app.close();
    }
  });
});
