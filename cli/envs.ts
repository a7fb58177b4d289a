// `npm run envs -- <list|expert|fuzz|bench>`: the environment suite from the command line, over the same code as the page.
// Flags read by cli/flags.ts; a bad command, flag or value exits with status 2 and names it.

import { ENV_SPECS, getEnvSpec } from '../src/envs/registry';
import { bench, expertRollout, fuzz } from '../src/envs/harness';
import type { EnvSpec } from '../src/envs/api';
import { parseEnv, parsePositive, parseSeeds, readFlags, UsageError } from './flags';

const USAGE = `usage: npm run envs -- <command> [flags]
  list [--json]                                   every environment
  expert [--env ID] [--seeds A-B] [--json]         the scripted expert's success rate (default: all envs, seeds 0-199)
  fuzz [--env ID] [--seeds A-B] [--steps N] [--json]  random and malformed actions; counts calls that threw
  bench [--env ID] [--seconds S] [--json]          env steps per second, one core`;

interface Flags {
  env?: string;
  seeds: number[];
  steps: number;
  seconds: number;
  json: boolean;
}

const VALUED: Record<string, string[]> = { list: [], expert: ['--env', '--seeds'], fuzz: ['--env', '--seeds', '--steps'], bench: ['--env', '--seconds'] };

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
  return {
    ...(env === undefined ? {} : { env: parseEnv(env) }),
    seeds: parseSeeds(flags.get('--seeds') ?? '0-199'),
    steps: steps === undefined ? 200 : parsePositive('--steps', steps, true),
    seconds: seconds === undefined ? 0.4 : parsePositive('--seconds', seconds, false),
    json: flags.has('--json'),
  };
}

function specsOf(flags: Flags): readonly EnvSpec[] {
  return flags.env ? [getEnvSpec(flags.env)] : ENV_SPECS;
}

/** With --json: one object when --env names an environment, else an array over all of them. */
function print(flags: Flags, rows: object[], line: (row: never) => string): void {
  if (flags.json) console.log(JSON.stringify(flags.env ? rows[0] : rows, null, 2));
  else for (const r of rows) console.log(line(r as never));
}

function run(argv: string[]): number {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (!['list', 'expert', 'fuzz', 'bench'].includes(command)) throw new UsageError(`unknown command '${command}' (commands: list, expert, fuzz, bench)`);
  const flags = parseFlags(command, rest);
  if (command === 'list') {
    const rows = ENV_SPECS.map((s) => ({ id: s.id, suite: s.suite, family: s.family, description: s.description, maxTurns: s.maxTurns }));
    if (flags.json) console.log(JSON.stringify(rows, null, 2));
    else for (const r of rows) console.log(`${r.id.padEnd(18)} ${r.suite.padEnd(5)} max ${String(r.maxTurns).padStart(3)} turns  ${r.description}`);
    return 0;
  }
  if (command === 'expert') {
    const rows = specsOf(flags).map((spec) => {
      const wins = flags.seeds.filter((seed) => expertRollout(spec, seed).success).length;
      return { env: spec.id, episodes: flags.seeds.length, successRate: wins / flags.seeds.length };
    });
    print(flags, rows, (r: { env: string; episodes: number; successRate: number }) => `${r.env.padEnd(18)} ${r.successRate.toFixed(3)} over ${r.episodes} seeds`);
    return rows.every((r) => r.successRate === 1) ? 0 : 1;
  }
  if (command === 'fuzz') {
    const rows = specsOf(flags).map((spec) => {
      const r = fuzz(spec, flags.seeds, flags.steps);
      if (r.firstError && !flags.json) console.error(`${spec.id}: first throw: ${r.firstError}`);
      return { env: spec.id, calls: r.calls, threw: r.threw };
    });
    print(flags, rows, (r: { env: string; calls: number; threw: number }) => `${r.env.padEnd(18)} ${r.calls} calls, ${r.threw} threw`);
    return rows.every((r) => r.threw === 0) ? 0 : 1;
  }
  const rows = specsOf(flags).map((spec) => ({ env: spec.id, stepsPerSecond: Math.round(bench(spec, flags.seconds)) }));
  print(flags, rows, (r: { env: string; stepsPerSecond: number }) => `${r.env.padEnd(18)} ${r.stepsPerSecond.toLocaleString('en-US').padStart(12)} steps/s`);
  return 0;
}

try {
  process.exitCode = run(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  console.error(`envs: ${e.message}\n${USAGE}`);
  process.exitCode = 2;
}
