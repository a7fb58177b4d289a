// `npm run skills -- discover|merge`: bottom-up skill discovery from zero, then the MCTS skill agent (and flat
// random exploration for comparison) on seeds discovery never saw; merging exported libraries.
// Hand-written argv parsing; a bad command, flag or value exits with status 2 and names it; a file that cannot be
// read or written (missing, a directory, no permission) or a library too big to export exits with status 1 and a message.

import { readFileSync, writeFileSync } from 'node:fs';
import type { EnvOptions } from '../src/envs/api';
import { SPLITS, type Split } from '../src/envs/split';
import { getEnvSpec } from '../src/envs/registry';
import { DEFAULT_SKILL_SELECT, discover } from '../src/skills/discovery';
import type { SkillSelect } from '../src/skills/select';
import { SKILL_SELECTS } from '../src/core/config-table';
import { ExportTooLargeError, exportLibrary, parseLibrary } from '../src/skills/io';
import { mergeLibraries } from '../src/skills/library';
import { DEFAULT_PLAN, evaluateAgent, runMctsEpisode, runRandomEpisode } from '../src/skills/mcts';
import { unseenSeeds } from '../src/skills/seeds';
import type { Skill } from '../src/skills/types';
import { parseEnvOption, UsageError } from './flags';

const USAGE = `usage: npm run skills -- <command> [flags]
  discover --env ID [--seed N] [--budget STEPS] [--select uct-argmax|bottom-up] [--eval EPISODES] [--split test|train] [--sims S] [--opt name=value]... [--in FILE] [--out FILE] [--json]
      discover skills from zero (or from --in) on the train split for STEPS environment steps, choosing skills by
      --select (the config key skillSelect: ours or Bottom-Up Agent's rule), then evaluate the
      MCTS skill agent and flat random exploration on EPISODES seeds discovery never saw, drawn from --split
      (default test); --out writes the library as JSON
  merge FILE... --out FILE [--json]
      merge exported libraries (deduplicated by action sequence, stats combined)`;


function positive(flag: string, text: string | undefined, max: number): number {
  const n = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || n < 1 || n > max) throw new UsageError(`${flag}: expected an integer from 1 to ${max}, got '${text ?? ''}'`);
  return n;
}

function oneOf<const V extends string>(flag: string, text: string, values: readonly V[]): V {
  if (!(values as readonly string[]).includes(text)) throw new UsageError(`${flag}: expected ${values.join(' or ')}, got '${text}'`);
  return text as V;
}

/** A file problem (missing, a directory, no permission, too big to export): status 1, no stack trace. */
class FileError extends Error {}

function fsReason(err: unknown): string {
  const code = (err as { code?: string }).code;
  const known: Record<string, string> = { ENOENT: 'no such file or directory', EISDIR: 'it is a directory', EACCES: 'permission denied', EPERM: 'permission denied', ENOTDIR: 'a part of the path is not a directory' };
  return (code && known[code]) ?? (err instanceof Error ? err.message : String(err));
}

function readLibrary(file: string): Skill[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new FileError(`cannot read ${file}: ${fsReason(err)}`);
  }
  const r = parseLibrary(text);
  if (!r.ok) throw new UsageError(`${file}: ${r.error}`);
  return r.skills;
}

function writeLibrary(file: string, skills: readonly Skill[]): void {
  let text: string;
  try {
    text = exportLibrary(skills);
  } catch (err) {
    if (err instanceof ExportTooLargeError) throw new FileError(`nothing written to ${file}: ${err.message}`);
    throw err;
  }
  try {
    writeFileSync(file, text);
  } catch (err) {
    throw new FileError(`cannot write ${file}: ${fsReason(err)}`);
  }
}

function runDiscover(args: string[]): void {
  let env: string | undefined;
  let seed = 0;
  let budget = 20_000;
  let evalEpisodes = 50;
  let sims = DEFAULT_PLAN.simulations;
  let json = false;
  let input: string | undefined;
  let output: string | undefined;
  let split: Split = 'test';
  let select: SkillSelect = DEFAULT_SKILL_SELECT;
  const options: Record<string, number | string | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (flag === '--json') {
      json = true;
      continue;
    }
    const value = args[++i];
    if (value === undefined) throw new UsageError(`${flag}: missing value`);
    switch (flag) {
      case '--env': env = value; break;
      case '--seed': seed = /^\d+$/.test(value) ? Number(value) : Number.NaN; if (!(seed <= 1e9)) throw new UsageError(`--seed: expected a non-negative integer, got '${value}'`); break;
      case '--budget': budget = positive(flag, value, 1_000_000); break;
      case '--eval': evalEpisodes = positive(flag, value, 10_000); break;
      case '--sims': sims = positive(flag, value, 10_000); break;
      case '--opt': parseEnvOption('--opt', value, options); break;
      case '--split': split = oneOf(flag, value, SPLITS); break;
      case '--select': select = oneOf(flag, value, SKILL_SELECTS); break;
      case '--in': input = value; break;
      case '--out': output = value; break;
      default: throw new UsageError(`discover: unknown flag '${flag}'`);
    }
  }
  if (env === undefined) throw new UsageError('discover: --env ID is required');
  let spec;
  try {
    spec = getEnvSpec(env);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const envOptions: EnvOptions | undefined = Object.keys(options).length > 0 ? options : undefined;
  try {
    if (envOptions) spec.create().reset({ seed: 0, options: envOptions }); // validates the options, naming a bad one
  } catch (e) {
    throw new UsageError(`--opt: ${(e as Error).message}`);
  }
  const log = (line: string) => (json ? process.stderr : process.stdout).write(`${line}\n`);

  const t0 = performance.now();
  const found = discover(spec, { budget, seed, select, envOptions, library: input ? readLibrary(input) : [] });
  const pruned = select === 'bottom-up' ? `, ${found.pruned} pruned` : '';
  log(`${spec.id} (${select}): ${found.skills.length} skills${pruned} from ${found.steps} steps, ${found.episodes} episodes on train seeds ${found.seeds[0]}-${found.seeds[1]} (${found.solved} solved while discovering), ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const s of [...found.skills].sort((a, b) => b.fitness - a.fitness).slice(0, 8)) {
    log(`  ${s.fitness.toFixed(2)}  ${s.uses.toString().padStart(5)} uses  ${s.name}`);
  }
  if (output) writeLibrary(output, found.skills);

  const seeds = unseenSeeds(seed, evalEpisodes);
  const plan = { ...DEFAULT_PLAN, simulations: sims };
  const which = { envOptions, split };
  const mcts = evaluateAgent(seeds, (s) => runMctsEpisode(spec, found.skills, s, plan, which));
  const flat = evaluateAgent(seeds, (s) => runRandomEpisode(spec, s, plan.simulations, plan.depth * 2, which));
  log(`MCTS skill agent on ${seeds.length} unseen ${split} seeds: ${(100 * mcts.successRate).toFixed(0)}% solved, ${mcts.meanTurns.toFixed(1)} turns, ${mcts.meanLookahead.toFixed(0)} lookahead steps per episode`);
  log(`flat random exploration:          ${(100 * flat.successRate).toFixed(0)}% solved, ${flat.meanTurns.toFixed(1)} turns, ${flat.meanLookahead.toFixed(0)} lookahead steps per episode`);
  if (json) {
    console.log(JSON.stringify({ env: spec.id, skills: found.skills.length, evalEpisodes: seeds.length, split, select, successRate: mcts.successRate, randomSuccessRate: flat.successRate, budget, seed }));
  }
}

function runMerge(args: string[]): void {
  const files: string[] = [];
  let output: string | undefined;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--json') json = true;
    else if (args[i] === '--out') output = args[++i];
    else if (args[i].startsWith('--')) throw new UsageError(`merge: unknown flag '${args[i]}'`);
    else files.push(args[i]);
  }
  if (files.length === 0 || output === undefined) throw new UsageError('merge: give one or more FILEs and --out FILE');
  const libs = files.map(readLibrary);
  const merged = mergeLibraries(libs);
  writeLibrary(output, merged);
  const summary = { files: files.length, skillsIn: libs.reduce((t, l) => t + l.length, 0), skills: merged.length };
  console.log(json ? JSON.stringify(summary) : `merged ${summary.skillsIn} skills from ${summary.files} files into ${summary.skills}`);
}

try {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'discover') runDiscover(rest);
  else if (command === 'merge') runMerge(rest);
  else throw new UsageError(command ? `unknown command '${command}'` : 'missing command');
} catch (e) {
  if (e instanceof FileError) {
    console.error(`skills: ${e.message}`);
    process.exit(1);
  }
  if (!(e instanceof UsageError)) throw e;
  console.error(`${e.message}\n${USAGE}`);
  process.exit(2);
}
