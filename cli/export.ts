// `npm run export -- --checkpoint FILE --out FILE`: a Greenhouse checkpoint (`npm run train -- --out FILE`)
// to an ONNX policy (src/onnx: inputs input_ids and attention_mask, output logits, vocab and config metadata).
// A bad flag exits with status 2 and names it; an unreadable checkpoint exits 1 saying why.

import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { exportCheckpoint } from '../src/onnx/export';
import { presetConfig } from '../src/model/presets';
import { decodeCheckpoint } from '../src/rl/checkpoint';
import { parseOrExplain, readFlags, required } from './flags';

const USAGE = 'usage: npm run export -- --checkpoint FILE --out FILE.onnx';

export function parseArgs(argv: readonly string[]): { checkpoint: string; out: string } {
  const flags = readFlags(argv, ['--checkpoint', '--out']);
  return { checkpoint: required(flags, '--checkpoint'), out: required(flags, '--out') };
}

function main(argv: readonly string[]): number {
  const args = parseOrExplain('export', USAGE, () => parseArgs(argv));
  if (!args) return 2;
  const checkpoint = decodeCheckpoint(new Uint8Array(readFileSync(args.checkpoint)));
  const bytes = exportCheckpoint(checkpoint);
  const config = presetConfig(checkpoint.config.model, checkpoint.vocab.length, checkpoint.config.pointer);
  writeFileSync(args.out, bytes);
  process.stdout.write(
    `wrote ${args.out} (${(bytes.length / 2 ** 20).toFixed(2)} MiB): ${checkpoint.config.env} policy after ${checkpoint.update} updates, ` +
      `dim ${config.dim}, ${config.layers} layers, ${config.heads} heads, window ${config.window}, vocab ${config.vocab}\n`,
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`export: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}
