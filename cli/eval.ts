// `npm run eval -- --onnx FILE --env ID --seeds A-B [--split test|train] [--level N] [--opt NAME=VALUE[,...]] [--greedy]
//  [--skip-refused] [--temperature T] [--sample-seed N] [--json]`: an ONNX policy that follows our contract, evaluated on any environment
// with onnxruntime-web (wasm, one thread), one episode per seed, on the test split unless told otherwise, at a
// difficulty level and with env options. A bad flag exits 2 naming it; a file that breaks the contract exits 1 saying what.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { EnvOptions } from '../src/envs/api';
import { getEnvSpec } from '../src/envs/registry';
import { SPLITS, type Split } from '../src/envs/split';
import { OnnxContractError } from '../src/onnx/contract';
import { evaluateOnnx, type EvalOptions } from '../src/onnx/evaluate';
import { envOptionsFor } from '../src/rl/rollout';
import { parseEnv, parseEnvOption, parseOrExplain, parsePositive, parseSeeds, readFlags, required, UsageError } from './flags';

const USAGE =
  'usage: npm run eval -- --onnx FILE --env ID --seeds A-B [--split test|train] [--level N] [--opt NAME=VALUE[,NAME=VALUE...]] [--greedy] [--skip-refused] [--fit-args] [--temperature T] [--sample-seed N] [--json]';

export interface EvalArgs {
  file: string;
  json: boolean;
  options: EvalOptions;
}

/** The env options of --level (the env's level table) overridden by --opt, checked by the env itself. */
function envOptionsOf(env: string, level: string | undefined, opts: string | undefined): EnvOptions {
  const spec = getEnvSpec(env);
  if (level !== undefined && !/^\d+$/.test(level)) throw new UsageError(`--level: expected a non-negative integer, got '${level}'`);
  const options: Record<string, number | string | boolean> = { ...envOptionsFor(spec, Number(level ?? 0)) };
  for (const pair of opts?.split(',') ?? []) parseEnvOption('--opt', pair, options);
  try {
    spec.create().reset({ seed: 0, options }); // the env names a bad option
  } catch (e) {
    throw new UsageError(`--opt: ${(e as Error).message}`);
  }
  return options;
}

export function parseArgs(argv: readonly string[]): EvalArgs {
  const flags = readFlags(argv, ['--onnx', '--env', '--seeds', '--split', '--level', '--opt', '--temperature', '--sample-seed'], ['--greedy', '--skip-refused', '--fit-args', '--json']);
  const env = parseEnv(required(flags, '--env'));
  const greedy = flags.has('--greedy');
  if (greedy && flags.has('--temperature')) throw new UsageError('--temperature cannot be used with --greedy');
  const temperature = flags.has('--temperature') ? parsePositive('--temperature', flags.get('--temperature'), false) : 1;
  const seedText = flags.get('--sample-seed');
  if (seedText !== undefined && !/^\d+$/.test(seedText)) throw new UsageError(`--sample-seed: expected a non-negative integer, got '${seedText}'`);
  const split = flags.get('--split') ?? 'test';
  if (!(SPLITS as readonly string[]).includes(split)) throw new UsageError(`--split: expected one of ${SPLITS.join(', ')}, got '${split}'`);
  return {
    file: required(flags, '--onnx'),
    json: flags.has('--json'),
    options: {
      env,
      seeds: parseSeeds(required(flags, '--seeds')),
      split: split as Split,
      envOptions: envOptionsOf(env, flags.get('--level'), flags.get('--opt')),
      greedy,
      skipRefused: flags.has('--skip-refused'),
      fitArgs: flags.has('--fit-args'),
      temperature,
      sampleSeed: Number(seedText ?? 0),
    },
  };
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseOrExplain('eval', USAGE, () => parseArgs(argv));
  if (!args) return 2;
  const started = performance.now();
  const r = await evaluateOnnx(new Uint8Array(readFileSync(args.file)), args.options).catch((e: unknown) => {
    throw e instanceof OnnxContractError ? new OnnxContractError(`${args.file} is refused: ${e.message}`) : e;
  });
  const seconds = (performance.now() - started) / 1000;
  const { greedy, split, envOptions } = args.options;
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ ...r, split, envOptions, greedy, seconds: +seconds.toFixed(2) })}\n`);
    return 0;
  }
  for (const e of r.episodes) process.stdout.write(`seed ${e.seed}: ${e.success ? 'success' : 'failure'} in ${e.turns} turns: ${e.actions.join(' ')}\n`);
  const wins = r.episodes.filter((e) => e.success).length;
  const how = greedy ? 'greedy' : `sampled at temperature ${args.options.temperature}`;
  process.stdout.write(`${r.env} (${split} split, ${JSON.stringify(envOptions)}): success rate ${r.successRate.toFixed(3)} (${wins}/${r.episodes.length}, ${how}) in ${seconds.toFixed(1)} s\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      process.stderr.write(`eval: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
