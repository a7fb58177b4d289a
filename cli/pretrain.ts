// `npm run base -- [--model small|tiny] [--steps N] [--lr X] [--seed N] [--out FILE]`: behaviour-clones the base
// policy on the train splits of every web family but the held-out ones (src/rl/pretrain.ts) on the CPU twin, and
// writes it (by default to public/base/<model>.ghbs, where config init=base finds it). One seed, one file, bit for bit.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { BASE_HELD_OUT, basePath, encodeBase, pretrainBase } from '../src/rl/pretrain';
import { PRESETS, type PresetName } from '../src/model/presets';
import { parseOrExplain, parsePositive, readFlags, UsageError } from './flags';

const USAGE = 'usage: npm run base -- [--model small|tiny] [--steps N] [--lr X] [--seed N] [--out FILE]';

export interface PretrainArgs {
  model: PresetName;
  steps: number;
  lr: number;
  seed: number;
  out: string;
}

export function parseArgs(argv: readonly string[]): PretrainArgs {
  const flags = readFlags(argv, ['--model', '--steps', '--lr', '--seed', '--out']);
  const model = (flags.get('--model') ?? 'small') as PresetName;
  if (!(model in PRESETS) || model === 'base') throw new UsageError(`--model: expected small or tiny (the CPU trains it), got '${model}'`);
  const seedText = flags.get('--seed') ?? '1';
  if (!/^\d+$/.test(seedText)) throw new UsageError(`--seed: expected a non-negative integer, got '${seedText}'`);
  return {
    model,
    steps: parsePositive('--steps', flags.get('--steps') ?? '400', true),
    lr: parsePositive('--lr', flags.get('--lr') ?? '0.003', false),
    seed: Number(seedText),
    out: flags.get('--out') ?? resolve('public', basePath(model)),
  };
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseOrExplain('pretrain', USAGE, () => parseArgs(argv));
  if (!args) return 2;
  const started = performance.now();
  let recent = 0;
  const base = await pretrainBase({
    ...args,
    onStep: (step, loss) => {
      recent += loss;
      if ((step + 1) % 25 === 0) {
        process.stdout.write(`step ${step + 1}: loss ${(recent / 25).toFixed(4)} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
        recent = 0;
      }
    },
  });
  const bytes = encodeBase(base);
  mkdirSync(dirname(args.out), { recursive: true });
  writeFileSync(args.out, bytes);
  const sha = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  process.stdout.write(
    `wrote ${args.out} (${(bytes.length / 2 ** 20).toFixed(2)} MiB, sha256 ${sha}): ${args.model}, vocabulary ${base.vocab.length}, ` +
      `${args.steps} BC steps on ${base.families.length} families (held out: ${BASE_HELD_OUT.join(', ')}) in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      process.stderr.write(`pretrain: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
