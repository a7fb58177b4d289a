// npm run bench -- --teams [--preset chain,debate,mixture] [--seeds 1-3] [--json]: issue 15's MARTI target. Each team
// preset trains on every seed (BC warm-up, then its updates, on the CPU backend); the team, a single agent of the
// nearest size and the team's own agents voting without talking play the same 200 test-split tasks greedily right
// after BC and after the last update; a preset meets the target when its trained team beats both baselines on every
// seed. Rows are one per preset and seed, with seconds on this process's clock (the machine may be loaded).

import type { Config } from '../src/core/config-table';
import { localHost } from '../src/multi/local';
import { TeamTrainer } from '../src/multi/team';
import { getPreset, presetConfig } from '../src/rl/presets';
import { BENCH_EVAL_TASKS } from './bench-learning';
import { parseSeeds, readFlags, UsageError } from './flags';
import type { Verdict } from './learning-targets';

/** The team presets of issue 15's MARTI target. */
export const TEAM_PRESETS = ['chain', 'debate', 'mixture'] as const;

/** Greedy test-split success of the team and both baselines. */
export interface TeamEval {
  team: number;
  single: number;
  vote: number;
}

export interface TeamRun {
  preset: string;
  seed: number;
  singleModel: string;
  parameters: { team: number };
  /** Right after every warm-up (BC alone) and after the last update. */
  bc: TeamEval;
  trained: TeamEval;
  updates: number;
  seconds: number;
}

const evalOf = (m: Record<string, number>): TeamEval => ({ team: m['team/eval/success'], single: m['baseline/single/eval/success'], vote: m['baseline/vote/eval/success'] });

/** A team preset's config on one seed: CPU, 200 test-split tasks, evaluated only after its last update. */
export function teamRunConfig(preset: string, seed: number): Config {
  const p = getPreset(preset);
  if (!p || p.config.workflow === undefined || p.config.workflow === 'single') throw new UsageError(`--preset '${preset}': not a team preset (team presets: ${TEAM_PRESETS.join(', ')})`);
  const updates = presetConfig(p).updates;
  return presetConfig(p, undefined, { seed, backend: 'cpu', evalTasks: BENCH_EVAL_TASKS, evalEvery: updates });
}

export async function teamRun(preset: string, seed: number): Promise<TeamRun> {
  const config = teamRunConfig(preset, seed);
  const started = performance.now();
  const team = await TeamTrainer.create(config, localHost);
  try {
    const bc = evalOf(await team.evaluate());
    let last: Record<string, number> = {};
    while (team.updatesDone < config.updates) last = (await team.step()).metrics;
    const parameters = { team: [...team.infos.values()].reduce((n, i) => n + i.parameterCount, 0) };
    return { preset, seed, singleModel: team.singleModel, parameters, bc, trained: evalOf(last), updates: config.updates, seconds: (performance.now() - started) / 1000 };
  } finally {
    await team.dispose();
  }
}

const f2 = (x: number) => x.toFixed(2);
const show = (e: TeamEval) => `team ${f2(e.team)} single ${f2(e.single)} vote ${f2(e.vote)}`;

/** A preset's verdict: its trained team beats the single agent and the vote on every seed (greedy test-split success). */
export function teamVerdict(preset: string, runs: readonly TeamRun[]): Verdict {
  const claim = `${preset}: the trained team beats the single agent of its size and the majority vote on eval (test split), every seed`;
  const margins = runs.map((r) => Math.min(r.trained.team - r.trained.single, r.trained.team - r.trained.vote));
  const lines = runs.map((r) => `seed ${r.seed}: after BC ${show(r.bc)}; after ${r.updates} updates ${show(r.trained)} (margin ${f2(Math.min(r.trained.team - r.trained.single, r.trained.team - r.trained.vote))})`);
  return { scenario: `team/${preset}`, claim, met: runs.length > 0 && margins.every((m) => m > 0), lines, effect: { name: 'team minus the better baseline', values: margins, mean: margins.reduce((a, b) => a + b, 0) / Math.max(1, margins.length) } };
}

export async function teamsMain(argv: readonly string[]): Promise<void> {
  let presets: string[];
  let seeds: number[];
  let json: boolean;
  try {
    const flags = readFlags(argv.filter((a) => a !== '--teams'), ['--preset', '--seeds'], ['--json']);
    presets = flags.get('--preset')?.split(',') ?? [...TEAM_PRESETS];
    for (const p of presets) teamRunConfig(p, 1); // names a bad preset before any training
    seeds = parseSeeds(flags.get('--seeds') ?? '1-3');
    json = flags.has('--json');
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`bench --teams: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const log = (line: string) => (json ? process.stderr : process.stdout).write(`${line}\n`);
  const runs: TeamRun[] = [];
  for (const preset of presets) {
    for (const seed of seeds) {
      const r = await teamRun(preset, seed);
      runs.push(r);
      log(`${preset} seed ${seed}: ${r.parameters.team} team parameters, single ${r.singleModel}; after BC ${show(r.bc)}; after ${r.updates} updates ${show(r.trained)} (${r.seconds.toFixed(0)} s)`);
    }
  }
  const verdicts = presets.map((p) => teamVerdict(p, runs.filter((r) => r.preset === p)));
  if (json) return void process.stdout.write(`${JSON.stringify({ seeds, runs, verdicts }, null, 1)}\n`);
  log('');
  for (const v of verdicts) {
    log(`${v.met ? 'MET    ' : 'NOT MET'}  ${v.claim}`);
    for (const line of v.lines) log(`           ${line}`);
    if (v.effect) log(`           effect (${v.effect.name}): mean ${v.effect.mean.toFixed(3)}, per seed ${v.effect.values.map((x) => x.toFixed(3)).join(' ')}`);
  }
}
