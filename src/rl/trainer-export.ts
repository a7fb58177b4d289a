// An experiment as the config of a trainer that runs on a cluster: TRL (GRPOConfig arguments as JSON, plus a short
// Python script that builds the GRPOTrainer with them and the env server as its environment) or verl (a YAML
// override of its PPO trainer config, written with the `yaml` library). Every config key goes through
// TRAINER_MAP (./trainer-map.ts); keys and values with no counterpart are listed under no_counterpart with why,
// and the link itself is kept, so the export holds the whole experiment. Used by `npm run export-config` and the
// page's Share panel.

import { Document } from 'yaml';
import { CONFIG_TABLE, type Config, type ConfigKey } from '../core/config-table';
import { encodeLink } from '../core/share-link';
import { FIXED, TRAINER_MAP, type NoValue, type SettingValue } from './trainer-map';

export type Trainer = 'trl' | 'verl';

export interface Unmapped {
  value: unknown;
  why: string;
}

/** Every setting a config writes for a trainer (dotted path -> value), and what has no counterpart. */
export interface TrainerSettings {
  values: Record<string, string | number | boolean>;
  noCounterpart: Partial<Record<ConfigKey, Unmapped>>;
}

const isNone = (v: SettingValue | readonly unknown[] | NoValue): v is NoValue => typeof v === 'object' && 'none' in v;

export function trainerSettings(config: Config, trainer: Trainer): TrainerSettings {
  const values: TrainerSettings['values'] = {};
  for (const f of FIXED[trainer]) values[f.path] = f.value;
  const noCounterpart: TrainerSettings['noCounterpart'] = {};
  for (const { key } of CONFIG_TABLE) {
    const target = TRAINER_MAP[key][trainer];
    if (isNone(target)) {
      noCounterpart[key] = { value: config[key], why: target.none };
      continue;
    }
    for (const s of target) {
      const v = s.value(config);
      if (v === undefined) continue;
      if (isNone(v)) noCounterpart[key] = { value: config[key], why: v.none };
      else values[s.path] = v;
    }
  }
  return { values, noCounterpart };
}

/** Dotted paths as nested objects: {'a.b': 1} -> {a: {b: 1}}. */
function nest(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, v] of Object.entries(values)) {
    const parts = path.split('.');
    let node = out;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = v;
  }
  return out;
}

/** The TRL export's JSON document: GRPOConfig arguments, the SFT stage, the environment, what has no counterpart. */
export interface TrlDocument {
  greenhouse_link: string;
  grpo_config: Record<string, string | number | boolean>;
  sft_config?: Record<string, unknown>;
  environment: Record<string, unknown>;
  no_counterpart: TrainerSettings['noCounterpart'];
}

export function trlDocument(config: Config): TrlDocument {
  const { values, noCounterpart } = trainerSettings(config, 'trl');
  const sections: Record<string, Record<string, unknown>> = { grpo_config: {}, sft_config: {}, environment: {} };
  for (const [path, v] of Object.entries(values)) {
    const [head, ...rest] = path.split('.');
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: every TRL path in a section is <section>.<name>, one dot, and no other path is a section's name
    if (rest.length > 0 && head in sections) sections[head][rest.join('.')] = v;
    else sections.grpo_config[path] = v;
  }
  const doc: TrlDocument = {
    greenhouse_link: `#${encodeLink(config)}`,
    grpo_config: sections.grpo_config as TrlDocument['grpo_config'],
    environment: sections.environment,
    no_counterpart: noCounterpart,
  };
  if (Object.keys(sections.sft_config).length > 0) doc.sft_config = sections.sft_config;
  return doc;
}

export function trlJson(config: Config): string {
  return JSON.stringify(trlDocument(config), null, 2) + '\n';
}

/** The Python script written beside the JSON (NAME.json -> NAME.py): it reads the JSON and trains. */
export const TRL_SCRIPT = `"""A Greenhouse experiment on TRL's GRPOTrainer, from \`npm run export-config -- --to trl\`.

Reads the GRPOConfig arguments and the environment from the JSON beside this file (same name, .json) and trains
a chat model with tool calling on Greenhouse's tasks, served by \`npm run serve\`. Needs trl and datasets, and
greenhouse_envs on the path (PYTHONPATH=python from the Greenhouse repository).

    python NAME.py --model Qwen/Qwen3-0.6B [--server http://127.0.0.1:8750] [--demos run.jsonl]

--demos: a trajectory export of a run (TRL's conversational prompt/completion format) for the SFT stage when the
experiment has one (bcSteps > 0); the GRPO stage then starts from the SFT model, as ours does after BC.
"""

import argparse
import json
import pathlib

from datasets import Dataset, load_dataset
from trl import GRPOConfig, GRPOTrainer, SFTConfig, SFTTrainer

from greenhouse_envs import environment_factory, trl_rows

parser = argparse.ArgumentParser(description="Greenhouse experiment on TRL's GRPOTrainer")
parser.add_argument("--model", required=True, help="a chat model with tool calling, e.g. Qwen/Qwen3-0.6B")
parser.add_argument("--server", default="http://127.0.0.1:8750", help="the env server (npm run serve)")
parser.add_argument("--config", default=str(pathlib.Path(__file__).with_suffix(".json")))
parser.add_argument("--demos", help="JSONL demonstrations for the SFT stage")
parser.add_argument("--output-dir", default="greenhouse-trl")
args = parser.parse_args()

experiment = json.loads(pathlib.Path(args.config).read_text())
grpo, env = experiment["grpo_config"], experiment["environment"]
model = args.model
if experiment.get("sft_config") and args.demos:
    sft = SFTTrainer(
        model=model,
        args=SFTConfig(output_dir=f"{args.output_dir}/sft", seed=grpo["seed"], **experiment["sft_config"]),
        train_dataset=load_dataset("json", data_files=args.demos, split="train"),
    )
    sft.train()
    sft.save_model()
    model = f"{args.output_dir}/sft"

tasks = grpo["per_device_train_batch_size"] // grpo["num_generations"]
rows = trl_rows(grpo["max_steps"] * tasks, seed=env["seed"], split=env["split"], level=env["level"])
trainer = GRPOTrainer(
    model=model,
    args=GRPOConfig(output_dir=args.output_dir, **grpo),
    train_dataset=Dataset.from_list(rows),
    environment_factory=environment_factory(
        env["env"], base_url=args.server, max_turns=env["max_turns"], reward=env["reward"], truncation=env["truncation"]
    ),
)
trainer.train()
`;

/** The verl export: a Hydra config over verl's ppo_trainer (`--config-path DIR --config-name NAME`). */
export function verlYaml(config: Config): string {
  const { values, noCounterpart } = trainerSettings(config, 'verl');
  const body = nest(values);
  const greenhouse = (body.greenhouse ??= {}) as Record<string, unknown>;
  greenhouse.link = `#${encodeLink(config)}`;
  greenhouse.no_counterpart = noCounterpart;
  const doc = new Document(
    { hydra: { searchpath: ['pkg://verl.trainer.config'] }, defaults: ['ppo_trainer', '_self_'], ...body },
    // Stryker disable next-line ObjectLiteral: for PyYAML (YAML 1.1); no config value is a string 1.2 writes otherwise (yes, no, on, off, y, n)
    { version: '1.1' },
  );
  doc.commentBefore = [
    ' A Greenhouse experiment as a verl config, from `npm run export-config -- --to verl`:',
    '   PYTHONPATH=python python3 -m verl.trainer.main_ppo --config-path=$PWD --config-name=NAME \\',
    '     actor_rollout_ref.model.path=Qwen/Qwen3-0.6B data.train_files=... greenhouse.server=http://HOST:8750',
    ' The greenhouse section is read by python/greenhouse_envs/verl_agent_loop.py; keys with no counterpart',
    ` in verl are listed under greenhouse.no_counterpart: ${Object.keys(noCounterpart).join(', ')}.`,
  ].join('\n');
  return doc.toString({ lineWidth: 0 });
}

function cell(trainer: Trainer, key: ConfigKey): string {
  const target = TRAINER_MAP[key][trainer];
  if (isNone(target)) return `none: ${target.none}`;
  return target.map((s) => `\`${s.path}\``).join(', ');
}

/** The README's table of every key and its counterparts, made from TRAINER_MAP. */
export function mappingMarkdown(): string {
  const rows = CONFIG_TABLE.map(({ key }) => `| \`${key}\` | ${cell('trl', key)} | ${cell('verl', key)} | ${TRAINER_MAP[key].note ?? ''} |`);
  const fixed = (['trl', 'verl'] as const).flatMap((t) => FIXED[t].map((f) => `| (always) | ${t === 'trl' ? `\`${f.path}\` = ${JSON.stringify(f.value)}` : ''} | ${t === 'verl' ? `\`${f.path}\` = ${JSON.stringify(f.value)}` : ''} | ${f.why} |`));
  return ['| key | TRL (GRPOConfig; environment, sft_config sections) | verl (PPO trainer config; greenhouse section) | note |', '| --- | --- | --- | --- |', ...rows, ...fixed].join('\n') + '\n';
}
