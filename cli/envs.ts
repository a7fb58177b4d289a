// `npm run envs -- <list|expert|baselines|fuzz|bench>`: the environment suite from the command line, over the same code
// as the page. Flags read by cli/flags.ts; a bad command, flag or value exits with status 2 and names it.

import { ENV_SPECS, getEnvSpec } from '../src/envs/registry';
import { bench, expertRollout, fuzz } from '../src/envs/harness';
import { BASELINES, BOUNDS, baselineRates, brokenBounds, type BaselineRates } from '../src/envs/baselines';
import { maxLevel } from '../src/envs/levels';
import { SPLITS, type Split } from '../src/envs/split';
import type { EnvSpec } from '../src/envs/api';
import { parseEnv, parsePositive, parseSeeds, readFlags, UsageError } from './flags';

const USAGE = `usage: npm run envs -- <command> [flags]
  list [--json]                                   every environment
  expert [--env ID] [--seeds A-B] [--split S] [--json]  the scripted expert's success rate (default: all envs, seeds 0-199, train)
  baselines [--env ID] [--split S] [--seeds N] [--json]  random (grammar, legal), first element and name-match beside
                                                  the expert, on N seeds (default 1000; or a range A-B) of split S (default test)
  fuzz [--env ID] [--seeds A-B] [--steps N] [--json]  random and malformed actions; counts calls that threw
  bench [--env ID] [--seconds S] [--windows N] [--json]  steps per second on one core: the trainer's path (reset, step,
                                                  observation text) beside step() alone; median of N windows of S s`;

interface Flags {
  env?: string;
  seeds: number[];
  split: Split;
  steps: number;
  seconds: number;
  windows: number;
  json: boolean;
}

const COMMANDS = ['list', 'expert', 'baselines', 'fuzz', 'bench'];
const VALUED: Record<string, string[]> = {
  list: [],
  expert: ['--env', '--seeds', '--split'],
  baselines: ['--env', '--seeds', '--split'],
  fuzz: ['--env', '--seeds', '--steps'],
  bench: ['--env', '--seconds', '--windows'],
};

function parseSplit(text: string): Split {
  if (!(SPLITS as readonly string[]).includes(text)) throw new UsageError(`--split: expected ${SPLITS.join(' or ')}, got '${text}'`);
  return text as Split;
}

/** Baselines take a count N (seeds 0..N-1) or a range A-B; the other commands a range. */
function seedsOf(command: string, text: string | undefined): number[] {
  if (command === 'baselines') {
    if (text === undefined) return parseSeeds('0-999');
    if (/^\d+$/.test(text)) return parseSeeds(`0-${parsePositive('--seeds', text, true) - 1}`);
  }
  return parseSeeds(text ?? '0-199');
}

function parseFlags(command: string, args: string[]): Flags {
  let flags: Map<string, string>;
  try {
    flags = readFlags(args, VALUED[command], ['--json']);
  } catch (e) {
    throw e instanceof UsageError ? new UsageError(`${command}: ${e.message}`) : e;
  }
  const env = flags.get('--env');
  const steps = flags.get('--steps');
  const seconds = flags.get('--seconds');
  const windows = flags.get('--windows');
  return {
    ...(env === undefined ? {} : { env: parseEnv(env) }),
    seeds: seedsOf(command, flags.get('--seeds')),
    split: parseSplit(flags.get('--split') ?? (command === 'baselines' ? 'test' : 'train')),
    steps: steps === undefined ? 200 : parsePositive('--steps', steps, true),
    seconds: seconds === undefined ? 2 : parsePositive('--seconds', seconds, false),
    windows: windows === undefined ? 3 : parsePositive('--windows', windows, true),
    json: flags.has('--json'),
  };
}

function specsOf(flags: Flags): readonly EnvSpec[] {
  return flags.env ? [getEnvSpec(flags.env)] : ENV_SPECS;
}

/** With --json: one object when --env names an environment, else an array over all of them. */
function print(flags: Flags, rows: object[], line: (row: never) => string, header?: string): void {
  if (flags.json) console.log(JSON.stringify(flags.env ? rows[0] : rows, null, 2));
  else {
    if (header) console.log(header);
    for (const r of rows) console.log(line(r as never));
  }
}

interface BaselineRow extends BaselineRates {
  env: string;
  split: Split;
  episodes: number;
  lesson: boolean;
  broken: string[];
}

function baselines(flags: Flags): number {
  const rows: BaselineRow[] = specsOf(flags).map((spec) => {
    const r = baselineRates(spec, flags.seeds, { split: flags.split });
    return { env: spec.id, split: flags.split, episodes: flags.seeds.length, lesson: !!spec.lesson, ...r, broken: brokenBounds(spec, r) };
  });
  const cols = ['expert', ...BASELINES] as const;
  const header = `${'env'.padEnd(22)}${cols.map((c) => c.padStart(15)).join('')}   (${flags.split} split, ${flags.seeds.length} seeds; bounds: random <= ${BOUNDS.random}, name-match <= ${BOUNDS.nameMatch} unless a lesson)`;
  print(flags, rows, (r: BaselineRow) => `${(r.env + (r.lesson ? ' (lesson)' : '')).padEnd(22)}${cols.map((c) => r[c].toFixed(3).padStart(15)).join('')}${r.broken.length ? `   breaks: ${r.broken.join('; ')}` : ''}`, header);
  return rows.every((r) => r.broken.length === 0) ? 0 : 1;
}

function run(argv: string[]): number {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (!COMMANDS.includes(command)) throw new UsageError(`unknown command '${command}' (commands: ${COMMANDS.join(', ')})`);
  const flags = parseFlags(command, rest);
  if (command === 'list') {
    const rows = ENV_SPECS.map((s) => ({
      id: s.id, suite: s.suite, family: s.family, description: s.description, maxTurns: s.maxTurns,
      miniwob: s.miniwob ?? null, lesson: !!s.lesson, levels: maxLevel(s) + 1,
    }));
    if (flags.json) console.log(JSON.stringify(rows, null, 2));
    else for (const r of rows) console.log(`${r.id.padEnd(18)} ${r.suite.padEnd(5)} max ${String(r.maxTurns).padStart(3)} turns  ${String(r.levels).padStart(2)} levels  miniwob ${(r.miniwob ?? '-').padEnd(18)} ${r.description}`);
    return 0;
  }
  if (command === 'expert') {
    const rows = specsOf(flags).map((spec) => {
      const wins = flags.seeds.filter((seed) => expertRollout(spec, seed, undefined, flags.split).success).length;
      return { env: spec.id, episodes: flags.seeds.length, successRate: wins / flags.seeds.length };
    });
    print(flags, rows, (r: { env: string; episodes: number; successRate: number }) => `${r.env.padEnd(18)} ${r.successRate.toFixed(3)} over ${r.episodes} seeds`);
    return rows.every((r) => r.successRate === 1) ? 0 : 1;
  }
  if (command === 'baselines') return baselines(flags);
  if (command === 'fuzz') {
    const rows = specsOf(flags).map((spec) => {
      const r = fuzz(spec, flags.seeds, flags.steps);
      if (r.firstError && !flags.json) console.error(`${spec.id}: first throw: ${r.firstError}`);
      return { env: spec.id, calls: r.calls, threw: r.threw };
    });
    print(flags, rows, (r: { env: string; calls: number; threw: number }) => `${r.env.padEnd(18)} ${r.calls} calls, ${r.threw} threw`);
    return rows.every((r) => r.threw === 0) ? 0 : 1;
  }
  type BenchRow = { env: string; trainerStepsPerSecond: number; rawStepsPerSecond: number; stepsPerEpisode: number };
  const rows: BenchRow[] = [];
  const header = `${'env'.padEnd(18)}${'trainer path'.padStart(14)}${'step() alone'.padStart(14)}   steps per CPU second, one core (median of ${flags.windows} windows of ${flags.seconds} s); steps/episode`;
  if (!flags.json) console.log(header);
  for (const spec of specsOf(flags)) {
    const r = bench(spec, flags.seconds, flags.windows);
    const row = { env: spec.id, trainerStepsPerSecond: Math.round(r.trainerStepsPerSecond), rawStepsPerSecond: Math.round(r.rawStepsPerSecond), stepsPerEpisode: Number(r.stepsPerEpisode.toFixed(2)) };
    rows.push(row);
    const fmt = (x: number) => x.toLocaleString('en-US').padStart(14);
    if (!flags.json) console.log(`${row.env.padEnd(18)}${fmt(row.trainerStepsPerSecond)}${fmt(row.rawStepsPerSecond)}   ${row.stepsPerEpisode}`);
  }
  if (flags.json) console.log(JSON.stringify(flags.env ? rows[0] : rows, null, 2));
  return 0;
}

try {
  process.exitCode = run(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  console.error(`envs: ${e.message}\n${USAGE}`);
  process.exitCode = 2;
}
