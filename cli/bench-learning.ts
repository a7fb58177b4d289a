// npm run bench -- --learning [--preset NAME[,NAME...]] [--seeds 1-3] [--scale F] [--json]: issue 15's learning targets and
// comparisons. Each run trains a preset on the CPU backend for its time budget (BC included, evaluations left out),
// greedy eval on 200 test-split tasks right after BC and every few updates; the table gives eval success over time,
// the time to the target, BC alone and the baselines (random legal, the name-match rule, the expert) on the same
// tasks; then every target and comparison is printed met / not met with its numbers and effect size. Times are this
// process's CPU seconds (training runs on one thread): on an idle machine the wall time, on a loaded one what an idle
// core would take; the wall seconds are printed beside them.

import type { Config } from '../src/core/config-table';
import { baselineRates } from '../src/envs/baselines';
import { evalSeeds } from '../src/rl/evaluate';
import { trainCurve, type Curve } from '../src/rl/curve';
import { baseFileFor } from './base-file';
import { runSpec } from '../src/rl/mixture';
import { getPreset, presetConfig } from '../src/rl/presets';
import { envOptionsFor } from '../src/rl/rollout';
import { parsePositive, parseSeeds, readFlags, UsageError } from './flags';
import { scenariosFor, type RunSpec, type Verdict } from './learning-targets';

/** This process's CPU seconds: what one idle core would take, however loaded the machine is (training is one thread). */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** Test-split tasks in every evaluation of the bench. */
export const BENCH_EVAL_TASKS = 200;

export interface LearningArgs {
  /** The presets whose targets and comparisons to run (empty: all). */
  presets: string[];
  seeds: number[];
  /** Multiplies every wall-time budget (a quick look at the machinery: 0.05). */
  scale: number;
  json: boolean;
}

export function parseLearningArgs(argv: readonly string[]): LearningArgs {
  const flags = readFlags(argv.filter((a) => a !== '--learning'), ['--preset', '--seeds', '--scale'], ['--json']);
  return {
    presets: flags.get('--preset')?.split(',') ?? [],
    seeds: parseSeeds(flags.get('--seeds') ?? '1-3'),
    scale: flags.has('--scale') ? parsePositive('--scale', flags.get('--scale'), false) : 1,
    json: flags.has('--json'),
  };
}

/** A run's config on one seed: the preset's, the bench's overrides, CPU, 200 eval tasks. */
export function runConfig(run: RunSpec, seed: number): Config {
  const preset = getPreset(run.preset);
  if (!preset) throw new Error(`learning bench: no preset '${run.preset}'`);
  const v = run.variant === undefined ? undefined : preset.variants?.find((x) => x.name === run.variant);
  if (run.variant !== undefined && !v) throw new Error(`learning bench: preset '${run.preset}' has no variant '${run.variant}'`);
  return presetConfig(preset, v, { ...run.over, seed, backend: 'cpu', evalTasks: BENCH_EVAL_TASKS });
}

interface RunResult {
  key: string;
  seed: number;
  curve: Curve;
  baselines: { 'random-legal': number; 'name-match': number; expert: number };
}

/** random legal, the name-match rule and the expert on the run's own evaluation tasks. */
function baselinesOf(c: Config): RunResult['baselines'] {
  const spec = runSpec(c);
  const r = baselineRates(spec, evalSeeds(c), { split: 'test', options: envOptionsFor(spec, c.difficulty) });
  return { 'random-legal': r['random-legal'], 'name-match': r['name-match'], expert: r.expert };
}

function describeRun(r: RunResult): string {
  const c = r.curve;
  const over = c.evals.map((p) => `${p.seconds.toFixed(0)}s:${p.metrics['eval/success'].toFixed(2)}`).join(' ');
  const b = r.baselines;
  const wall = c.evals.at(-1)!.wall;
  return `${r.key} seed ${r.seed}: BC ${c.bcSeconds.toFixed(1)} CPU s; ${c.success.length} updates in ${c.seconds.toFixed(0)} CPU s (${wall.toFixed(0)} s wall); eval success by CPU second ${over}; baselines random ${b['random-legal'].toFixed(2)} rule ${b['name-match'].toFixed(2)} expert ${b.expert.toFixed(2)}`;
}

export async function learningMain(argv: readonly string[]): Promise<void> {
  let args: LearningArgs;
  try {
    args = parseLearningArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`bench --learning: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const log = (line: string) => (args.json ? process.stderr : process.stdout).write(`${line}\n`);
  const scenarios = scenariosFor(args.presets);
  const runs = [...new Map(scenarios.flatMap((s) => s.runs).map((r) => [r.key, r])).values()];
  const results: RunResult[] = [];
  for (const run of runs) {
    for (const seed of args.seeds) {
      const config = runConfig(run, seed);
      const curve = await trainCurve(config, { seconds: run.seconds * args.scale, clock: cpuSeconds, sampled: false, base: baseFileFor(config) });
      const result = { key: run.key, seed, curve, baselines: baselinesOf(config) };
      results.push(result);
      log(describeRun(result));
    }
  }
  const curves = (key: string) => results.filter((r) => r.key === key).map((r) => r.curve);
  const verdicts: Verdict[] = scenarios.map((s) => s.judge(curves));
  if (args.json) {
    const runsOut = results.map((r) => ({ key: r.key, seed: r.seed, baselines: r.baselines, bcSeconds: r.curve.bcSeconds, seconds: r.curve.seconds, evals: r.curve.evals, success: r.curve.success, turns: r.curve.turns, fracZeroStd: r.curve.fracZeroStd }));
    process.stdout.write(`${JSON.stringify({ seeds: args.seeds, scale: args.scale, runs: runsOut, verdicts }, null, 1)}\n`);
    return;
  }
  log('');
  for (const v of verdicts) {
    log(`${v.met ? 'MET    ' : 'NOT MET'}  ${v.claim}`);
    for (const line of v.lines) log(`           ${line}`);
    if (v.effect) log(`           effect (${v.effect.name}): mean ${v.effect.mean.toFixed(3)}, per seed ${v.effect.values.map((x) => x.toFixed(3)).join(' ')}`);
  }
}
