// `npm run export-config -- --link URL --to trl|verl [--out FILE]`: an experiment link as a trainer's config.
//   trl:  GRPOConfig arguments, the environment and the SFT stage as JSON (FILE, default stdout), and with --out the
//         Python script that builds the GRPOTrainer from it (FILE with .py, beside it).
//   verl: a YAML config over verl's ppo_trainer (FILE, default stdout), with a greenhouse section for the agent loop.
// `npm run export-config -- --table` prints the README's table of every key's counterparts.
// Keys with no counterpart are listed in the export with why (src/rl/trainer-map.ts). A bad flag or link exits 2.

import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { decodeLink } from '../src/core/share-link';
import { formatErrors } from '../src/core/config';
import type { Config } from '../src/core/config-table';
import { mappingMarkdown, TRL_SCRIPT, trlJson, verlYaml, type Trainer } from '../src/rl/trainer-export';
import { parseOrExplain, readFlags, required, UsageError } from './flags';

const USAGE = 'usage: npm run export-config -- --link URL --to trl|verl [--out FILE]   |   npm run export-config -- --table';

export type ExportArgs = { table: true } | { table: false; config: Config; to: Trainer; out: string | undefined };

export function parseArgs(argv: readonly string[]): ExportArgs {
  const flags = readFlags(argv, ['--link', '--to', '--out'], ['--table']);
  if (flags.has('--table')) return { table: true };
  const to = required(flags, '--to');
  if (to !== 'trl' && to !== 'verl') throw new UsageError(`--to: expected trl or verl, got '${to}'`);
  const decoded = decodeLink(required(flags, '--link'));
  if (!decoded.ok) throw new UsageError(`--link: ${formatErrors(decoded.errors)}`);
  return { table: false, config: decoded.config, to, out: flags.get('--out') };
}

function main(argv: readonly string[]): number {
  const args = parseOrExplain('export-config', USAGE, () => parseArgs(argv));
  if (!args) return 2;
  if (args.table) return void process.stdout.write(mappingMarkdown()), 0;
  const text = args.to === 'trl' ? trlJson(args.config) : verlYaml(args.config);
  if (args.out === undefined) {
    process.stdout.write(text);
    if (args.to === 'trl') process.stderr.write('export-config: give --out FILE.json to also write the Python script FILE.py beside it\n');
    return 0;
  }
  writeFileSync(args.out, text);
  const written = [args.out];
  if (args.to === 'trl') {
    const script = args.out.replace(/(\.json)?$/, '.py');
    writeFileSync(script, TRL_SCRIPT);
    written.push(script);
  }
  process.stdout.write(`wrote ${written.join(' and ')} (${args.config.env}, ${args.to})\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`export-config: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}
