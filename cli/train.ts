// `npm run train -- [--preset NAME [--variant NAME] | --link URL] [--KEY VALUE ...] [--json] [--out FILE] [--resume FILE]
//  [--frozen AGENT=FILE,...]`
// Headless GRPO runs on the same src/ as the page. Every config key of the table is a flag; a bad flag or
// value exits with status 2 and a message naming it. A metric that becomes NaN or infinite, or a checkpoint that
// cannot be read, ends the run with status 1; --out is written whole (through a temporary file) and only with
// finite parameters, so it always holds the last good checkpoint.

import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CONFIG_TABLE, propOf, type Config } from '../src/core/config-table';
import { describeAllowed, formatErrors, parseFieldText, validateConfig } from '../src/core/config';
import { decodeLink } from '../src/core/share-link';
import { getEnvSpec } from '../src/envs/registry';
import { CheckpointError, encodeCheckpoint, readCheckpoint } from '../src/rl/checkpoint';
import { EVAL_METRICS, METRICS, nonFiniteMetric, type Metrics } from '../src/rl/metrics';
import { getPreset, PRESETS, presetConfig } from '../src/rl/presets';
import { createTrainer, resumeTrainer } from '../src/rl/setup';
import type { Trainer } from '../src/rl/trainer';
import { localHost } from '../src/multi/local';
import { frozenPolicy, withFrozen } from '../src/multi/frozen';
import { AGENT_METRICS, TEAM_EVAL_METRICS, TEAM_METRICS, TeamTrainer } from '../src/multi/team';
import { workflowOf } from '../src/multi/workflow';
import { baseFileFor } from './base-file';
import { installWebGpu } from './node-webgpu';
import { UsageError } from './flags';

/** One run to do: a label (the variant's name, or '') and its config. */
export interface Run {
  label: string;
  config: Config;
}

export type Command =
  | { kind: 'help' }
  | { kind: 'train'; runs: Run[]; json: boolean; out: string | null; frozen: Frozen[] }
  | { kind: 'resume'; file: string; updates: number | null; json: boolean; out: string | null };

/** --frozen AGENT=FILE: a team agent that acts with the saved policy in FILE and never trains. */
export interface Frozen {
  agent: string;
  file: string;
}


const OWN_FLAGS = ['preset', 'variant', 'link', 'json', 'help', 'out', 'resume', 'frozen'] as const;

/** --frozen's value: AGENT=FILE pairs, comma-separated, each agent once and in every run's team. */
function parseFrozen(text: string, runs: readonly Run[]): Frozen[] {
  const frozen = text.split(',').map((pair) => {
    const m = /^([a-z][a-z0-9]*)=(.+)$/.exec(pair);
    if (!m) throw new UsageError(`--frozen '${text}': expected AGENT=FILE[,AGENT=FILE...], e.g. p3=run.ckpt`);
    return { agent: m[1], file: m[2] };
  });
  const twice = frozen.find((f, i) => frozen.findIndex((g) => g.agent === f.agent) !== i);
  if (twice) throw new UsageError(`--frozen '${text}': agent ${twice.agent} is given more than once`);
  for (const run of runs) {
    if (run.config.workflow === 'single') throw new UsageError(`--frozen '${text}': needs a team (workflow chain, debate or mixture, e.g. --preset debate)`);
    const names = workflowOf(run.config).agents.map((a) => a.name);
    const unknown = frozen.find((f) => !names.includes(f.agent));
    if (unknown) throw new UsageError(`--frozen '${text}': no agent ${unknown.agent} in the ${run.config.workflow} team (agents: ${names.join(', ')})`);
  }
  return frozen;
}

/** Parses argv (without node and the script) into a command; throws UsageError naming the bad flag or value. */
export function parseArgs(argv: readonly string[]): Command {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument '${arg}' (flags look like --key value)`);
    const eq = arg.indexOf('=');
    const key = arg.slice(2, eq >= 0 ? eq : undefined);
    const known = (OWN_FLAGS as readonly string[]).includes(key) || propOf(key) !== undefined;
    if (!known) throw new UsageError(`unknown flag --${key} (see --help)`);
    if (flags.has(key)) throw new UsageError(`--${key} is given more than once`);
    let value: string;
    if (eq >= 0) value = arg.slice(eq + 1);
    else if (key === 'json' || key === 'help') value = 'true';
    else if (propOf(key)?.type === 'bool' && !/^(true|false|1|0)$/.test(argv[i + 1] ?? '')) value = 'true';
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
    else throw new UsageError(`--${key} needs a value`);
    flags.set(key, value);
  }
  if (flags.has('help')) return { kind: 'help' };
  const json = flags.get('json') === 'true';
  const out = flags.get('out') ?? null;

  const overrides: Record<string, unknown> = {};
  for (const [key, text] of flags) {
    const prop = propOf(key);
    if (!prop) continue;
    const parsed = parseFieldText(prop, text);
    if ('error' in parsed) throw new UsageError(`--${key} '${text}': ${parsed.error}`);
    overrides[key] = parsed.value;
  }
  const badValue = validateConfig(overrides);
  if (!badValue.ok) {
    const e = badValue.errors.find((x) => x.key in overrides);
    if (e) throw new UsageError(`--${e.key} '${e.value}': ${e.message}`);
  }

  const resume = flags.get('resume');
  if (resume !== undefined) {
    const extra = [...flags.keys()].filter((k) => !['resume', 'json', 'out', 'updates'].includes(k));
    if (extra.length > 0) throw new UsageError(`--${extra[0]} cannot be used with --resume (the checkpoint holds the config; only --updates, --json and --out apply)`);
    return { kind: 'resume', file: resume, updates: (overrides.updates as number | undefined) ?? null, json, out };
  }

  const presetName = flags.get('preset');
  const link = flags.get('link');
  if (presetName !== undefined && link !== undefined) throw new UsageError('--preset and --link cannot be used together');
  if (flags.has('variant') && presetName === undefined) throw new UsageError('--variant needs --preset');
  const train = (runs: Run[]): Command => {
    const frozenText = flags.get('frozen');
    return { kind: 'train', runs, json, out, frozen: frozenText === undefined ? [] : parseFrozen(frozenText, runs) };
  };
  const finish = (base: Record<string, unknown>, label: string): Run => {
    const r = validateConfig({ ...base, ...overrides });
    if (!r.ok) throw new UsageError(formatErrors(r.errors));
    return { label, config: r.config };
  };

  if (link !== undefined) {
    const decoded = decodeLink(link);
    if (!decoded.ok) throw new UsageError(`--link: ${formatErrors(decoded.errors)}`);
    return train([finish(decoded.config, '')]);
  }
  if (presetName === undefined) return train([finish({}, '')]);
  const preset = getPreset(presetName);
  if (!preset) throw new UsageError(`--preset '${presetName}': must be one of: ${PRESETS.map((p) => p.name).join(', ')}`);
  const variants = preset.variants ?? [];
  const wanted = flags.get('variant');
  const chosen = wanted === undefined ? variants : variants.filter((v) => v.name === wanted);
  if (wanted !== undefined && chosen.length === 0) {
    const names = variants.map((v) => v.name).join(', ');
    throw new UsageError(`--variant '${wanted}': ${names ? `preset ${preset.name} has: ${names}` : `preset ${preset.name} has no variants`}`);
  }
  const runs = chosen.length > 0
    ? chosen.map((v) => finish({ ...presetConfig(preset, v) }, v.name))
    : [finish({ ...presetConfig(preset) }, '')];
  if (out !== null && runs.length > 1) throw new UsageError('--out with several variants: pick one with --variant');
  if (out !== null && runs.some((r) => r.config.workflow !== 'single')) throw new UsageError('--out: checkpoints are for single-agent runs (workflow = single)');
  return train(runs);
}

export function helpText(): string {
  const lines = [
    'npm run train -- [--preset NAME [--variant NAME] | --link URL] [--KEY VALUE ...] [--json] [--out FILE] [--resume FILE]',
    '',
    '  --preset NAME     start from a named experiment (variants run in turn unless --variant picks one)',
    '  --variant NAME    one variant of a comparison preset',
    '  --link URL        the experiment of a share link',
    '  --json            one JSON object per update on stdout: {"update": k, "<metric>": value, ...}',
    '  --out FILE        write a checkpoint there every checkpointEvery updates and at the end',
    '  --resume FILE     continue a run from a checkpoint (with --updates: run until that many in all)',
    '  --frozen AGENT=FILE[,AGENT=FILE...]',
    '                    team runs: the agent is frozen and acts with the saved single-agent policy of FILE (a',
    '                    checkpoint of --out; its model and vocabulary are the checkpoint\'s). Not part of a share',
    '                    link: a link cannot carry a file',
    '',
    'Presets:',
    ...PRESETS.map((p) => `  ${p.name.padEnd(20)}${p.doc}${p.variants ? ` [variants: ${p.variants.map((v) => v.name).join(', ')}]` : ''}`),
    '',
    'Config (every key of a share link):',
    ...CONFIG_TABLE.map((p) => `  --${p.key.padEnd(16)}${p.doc} (${describeAllowed(p)}; default ${String(p.default) || 'none'})`),
    '',
    'Metrics (every update):',
    ...METRICS.map((m) => `  ${m.name.padEnd(26)}${m.doc}`),
    '',
    'Evaluation (every evalEvery updates and after the last; before the first too, after BC, on the CLI):',
    ...EVAL_METRICS.map((m) => `  ${m.name.padEnd(26)}${m.doc}`),
    '',
    'Team metrics (workflow = chain, debate or mixture):',
    `  ${TEAM_METRICS.join(', ')}`,
    `  every evalEvery updates and after the last: ${TEAM_EVAL_METRICS.join(', ')}`,
    `  agent/<name>/: ${AGENT_METRICS.join(', ')}`,
  ];
  return lines.join('\n');
}

/** In Node, WebGPU comes from Dawn (the `webgpu` package); without an adapter 'auto' falls back to the CPU. */
async function withWebGpu(): Promise<void> {
  const why = await installWebGpu();
  if (why) process.stderr.write(`note: no WebGPU in this Node (${why})\n`);
}

const fixed = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : String(x));

function humanLine(label: string, update: number, m: Metrics): string {
  return [
    label ? `[${label}] ` : '',
    `update ${String(update).padStart(4)}`,
    `  success ${fixed(m['episode/success'], 2)}`,
    `  reward ${fixed(m['reward/mean'])}`,
    `  zero-std ${fixed(m['reward/frac_zero_std'], 2)}`,
    `  turns ${fixed(m['episode/turns'], 1)}`,
    `  loss ${fixed(m['loss/policy'], 4)}`,
    `  kl ${fixed(m['loss/kl'], 4)}`,
    `  entropy ${fixed(m['policy/entropy'])}`,
    `  grad ${fixed(m['optim/grad_norm'])}`,
    m['env/level'] !== undefined ? `  level ${m['env/level']}` : '',
    `  ${fixed(m['perf/update_ms'] / 1000, 2)} s`,
    m['eval/success'] !== undefined ? `  | ${evalText(m)}` : '',
  ].join('');
}

/** An evaluation's numbers in one phrase. */
function evalText(m: Partial<Metrics>): string {
  return `eval (test split) greedy ${fixed(m['eval/success']!, 3)} sampled ${fixed(m['eval/success_sampled']!, 3)} return ${fixed(m['eval/return']!, 2)}`;
}

/** A run that had to stop (a non-finite metric): status 1, its message on stderr. */
class RunStopped extends Error {}

/** Writes a checkpoint whole or not at all: a temporary file beside `out`, then a rename over it. */
function writeAtomically(out: string, bytes: Uint8Array): void {
  const temporary = `${out}.partial`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, out);
}

/** Runs a trainer to `updates` updates in all, printing each; returns the summary line. */
async function drive(trainer: Trainer, updates: number, label: string, json: boolean, out: string | null, started: number): Promise<string> {
  const every = trainer.currentConfig.checkpointEvery;
  const first = trainer.updatesDone;
  const loopStart = performance.now();
  let reached: string | null = null; // the first evaluation at 0.9 (or, with evaluation off, training success)
  let savedAt: number | null = null;
  const save = async () => {
    if (!out) return;
    writeAtomically(out, encodeCheckpoint(await trainer.checkpoint()));
    savedAt = trainer.updatesDone;
  };
  while (trainer.updatesDone < updates) {
    const report = await trainer.step();
    const m = report.metrics;
    if (json) process.stdout.write(`${JSON.stringify({ update: report.update, ...(label ? { variant: label } : {}), ...m })}\n`);
    else process.stdout.write(`${humanLine(label, report.update, m)}\n`);
    const bad = nonFiniteMetric(m);
    if (bad) {
      const kept = !out ? '' : savedAt === null ? `; ${out} was not written` : `; ${out} keeps the checkpoint after update ${savedAt - 1}`;
      throw new RunStopped(`${label ? `[${label}] ` : ''}${bad[0]} became ${bad[1]} at update ${report.update}: training stopped${kept}`);
    }
    const success = trainer.currentConfig.evalEvery > 0 ? m['eval/success'] : m['episode/success'];
    const what = trainer.currentConfig.evalEvery > 0 ? 'eval success' : 'training success';
    if (reached === null && success !== undefined && success >= 0.9) reached = `${what} reached 0.9 at update ${report.update} after ${((performance.now() - started) / 1000).toFixed(1)} s`;
    if (every > 0 && trainer.updatesDone % every === 0) await save();
  }
  await save();
  const seconds = (performance.now() - loopStart) / 1000;
  const done = trainer.updatesDone - first;
  const missed = trainer.currentConfig.evalEvery > 0 ? 'eval success did not reach 0.9' : 'training success did not reach 0.9 (evaluation is off)';
  return `${label ? `[${label}] ` : ''}${done} updates in ${seconds.toFixed(1)} s (${fixed(done / Math.max(seconds, 1e-9), 2)} updates/s); ${reached ?? missed}`;
}

/** A team run: every update's team, baseline and per-agent metrics; returns the summary line. */
async function driveTeam(run: Run, json: boolean, policies: ReadonlyMap<string, Uint8Array>, say: (line: string) => void): Promise<string> {
  const started = performance.now();
  const team = await TeamTrainer.create(run.config, localHost, withFrozen(workflowOf(run.config), policies));
  const agents = [...team.infos].map(([name, i]) => `${name} ${i.parameterCount}`).join(', ');
  say(`${run.label ? `[${run.label}] ` : ''}${run.config.workflow} team on ${run.config.env}, seed ${run.config.seed}: agents ${agents} params; single baseline ${team.singleModel}; ${run.config.bcSteps} BC steps each in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const last: Record<string, number>[] = [];
  while (team.updatesDone < run.config.updates) {
    const { update, metrics: m } = await team.step();
    last.push(m);
    if (json) process.stdout.write(`${JSON.stringify({ update, ...(run.label ? { variant: run.label } : {}), ...m })}\n`);
    else {
      const shares = team.workflow.agents.map((a) => `${a.name} ${fixed(m[`agent/${a.name}/reward/share`], 2)}`).join(' ');
      process.stdout.write(`update ${String(update).padStart(4)}  team ${fixed(m['team/success'], 2)}  single ${fixed(m['baseline/single/success'], 2)}  vote ${fixed(m['baseline/vote/success'], 2)}  shares ${shares}  ${fixed(m['perf/update_ms'] / 1000, 2)} s\n`);
      if (m['team/eval/success'] !== undefined) {
        process.stdout.write(`  eval (test split, greedy): team ${fixed(m['team/eval/success'], 2)}  single ${fixed(m['baseline/single/eval/success'], 2)}  vote ${fixed(m['baseline/vote/eval/success'], 2)}\n`);
      }
    }
  }
  await team.dispose();
  const tail = last.slice(-5);
  const avg = (k: string) => fixed(tail.reduce((a, m) => a + m[k], 0) / Math.max(1, tail.length), 3);
  const evals = last.filter((m) => m['team/eval/success'] !== undefined).at(-1);
  const final = evals ? `; last eval (test split): team ${fixed(evals['team/eval/success'], 3)}, single ${fixed(evals['baseline/single/eval/success'], 3)}, vote ${fixed(evals['baseline/vote/eval/success'], 3)}` : '';
  return `${run.label ? `[${run.label}] ` : ''}success over the last ${tail.length} updates: team ${avg('team/success')}, single agent (${team.singleModel}) ${avg('baseline/single/success')}, majority vote ${avg('baseline/vote/success')}${final} (${((performance.now() - started) / 1000).toFixed(1)} s)`;
}

/** A --frozen agent's checkpoint bytes; a UsageError when the file cannot be read or cannot play a run's env. */
function readFrozen(f: Frozen, runs: readonly Run[]): Uint8Array {
  const flag = `--frozen ${f.agent}=${f.file}`;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(f.file));
  } catch (err) {
    throw new UsageError(`${flag}: cannot read the file (${err instanceof Error ? err.message : String(err)})`);
  }
  for (const run of runs) {
    try {
      frozenPolicy(f.agent, bytes, getEnvSpec(run.config.env));
    } catch (err) {
      throw new UsageError(`${flag}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return bytes;
}

async function main(argv: readonly string[]): Promise<number> {
  let cmd: Command;
  let policies = new Map<string, Uint8Array>();
  try {
    const parsed = parseArgs(argv);
    if (parsed.kind === 'train') policies = new Map(parsed.frozen.map((f) => [f.agent, readFrozen(f, parsed.runs)]));
    cmd = parsed;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`train: ${err.message}\n`);
    return 2;
  }
  if (cmd.kind === 'help') {
    process.stdout.write(`${helpText()}\n`);
    return 0;
  }
  const say = (line: string) => (cmd.json ? process.stderr : process.stdout).write(`${line}\n`);
  try {
    return await runCommand(cmd, policies, say);
  } catch (err) {
    if (!(err instanceof RunStopped || err instanceof CheckpointError)) throw err;
    process.stderr.write(`train: ${err.message}\n`);
    return 1;
  }
}

async function runCommand(cmd: Exclude<Command, { kind: 'help' }>, policies: ReadonlyMap<string, Uint8Array>, say: (line: string) => void): Promise<number> {
  if (cmd.kind === 'resume') {
    const { checkpoint, warnings } = readCheckpoint(new Uint8Array(readFileSync(cmd.file)));
    for (const w of warnings) process.stderr.write(`train: ${cmd.file}: ${w}\n`);
    if (checkpoint.config.backend !== 'cpu') await withWebGpu();
    const started = performance.now();
    const { trainer, note } = await resumeTrainer(checkpoint);
    say(`resumed at update ${trainer.updatesDone} of ${checkpoint.config.env} on ${note}`);
    say(await drive(trainer, cmd.updates ?? checkpoint.config.updates, '', cmd.json, cmd.out, started));
    trainer.dispose();
    return 0;
  }
  for (const run of cmd.runs) {
    if (run.config.backend !== 'cpu') await withWebGpu();
    if (run.config.workflow !== 'single') {
      say(await driveTeam(run, cmd.json, policies, say));
      continue;
    }
    const started = performance.now();
    const { trainer, note } = await createTrainer(run.config, { base: baseFileFor(run.config) });
    say(`${run.label ? `[${run.label}] ` : ''}${run.config.env}, model ${run.config.model} on ${note}, seed ${run.config.seed}: ${run.config.bcSteps} BC steps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (run.config.evalEvery > 0) say(`${run.label ? `[${run.label}] ` : ''}before RL: ${evalText((await trainer.evaluate()).metrics)}`);
    say(await drive(trainer, run.config.updates, run.label, cmd.json, cmd.out, started));
    trainer.dispose();
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`train: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
