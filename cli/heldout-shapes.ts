// npx tsx --import ./scripts/register-raw.mjs cli/heldout-shapes.ts --env ID [--level L] [--seeds A-B]: why a policy
// that solves a family's train split may fail its test split, told apart without training. The policy's output
// depends only on its context's tokens, and content words read as placeholders, so this plays the expert on both
// splits and compares what the policy would read: how many test contexts are token for token a train context
// (only the words differ: words cannot be the cause), the page skeletons (element roles and labels, ids and values
// left out) test shows that train never does (the layout), and the content words that are not placeholders (a
// test word the vocabulary knows, or one past the placeholders: <unk>).

import { getEnvSpec } from '../src/envs/registry';
import { SPLITS, type Split } from '../src/envs/split';
import { PRESETS } from '../src/model/presets';
import { UNK } from '../src/model/tokenizer';
import { envOptionsFor } from '../src/rl/rollout';
import { evaluationIO } from '../src/rl/setup';
import { vocabularyOf } from '../src/rl/vocab';
import { parseEnv, parseOrExplain, parseSeeds, readFlags, required, UsageError } from './flags';

/** A difficulty level: a non-negative integer. */
function parseLevel(text: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`--level: expected a non-negative integer, got '${text}'`);
  return Number(text);
}

const USAGE = 'usage: cli/heldout-shapes.ts --env ID [--level L (default 0)] [--seeds A-B (default 0-999)]';

interface SplitShapes {
  contexts: Set<string>;
  /** Skeleton of the first page (roles and labels in order) -> episodes that showed it. */
  skeletons: Map<string, number>;
  /** Content words that read as a vocabulary word, and contexts with an <unk>. */
  known: Set<string>;
  unknownContexts: number;
  episodes: number;
}

/** The page's element roles and labels in order, without ids or values: `textbox Password | textbox Username | button Login`. */
const skeletonOf = (elements: readonly { role: string; name: string }[]) => elements.map((e) => `${e.role} ${e.name}`).join(' | ');

function play(env: string, level: number, seeds: readonly number[], split: Split): SplitShapes {
  const spec = getEnvSpec(env);
  const vocab = vocabularyOf(spec);
  const io = evaluationIO(spec, vocab.toJSON(), PRESETS.tiny.window, false);
  const out: SplitShapes = { contexts: new Set(), skeletons: new Map(), known: new Set(), unknownContexts: 0, episodes: seeds.length };
  for (const seed of seeds) {
    const e = spec.create();
    let { obs } = e.reset({ seed, options: envOptionsFor(spec, level), split });
    const sk = skeletonOf(obs.elements);
    out.skeletons.set(sk, (out.skeletons.get(sk) ?? 0) + 1);
    for (const w of e.goal.match(/"([^"]*)"/g)?.flatMap((q) => q.slice(1, -1).split(/\s+/)) ?? []) if (vocab.id(w) !== undefined) out.known.add(w);
    const past: string[] = [];
    for (let turn = 0; turn < e.maxTurns; turn++) {
      const ctx = io.prompt(e.goal, obs, past);
      out.contexts.add(ctx.tokens.join(','));
      if (ctx.tokens.includes(UNK)) out.unknownContexts++;
      const action = spec.expert(e);
      const step = e.step(action);
      past.push(action);
      obs = step.obs;
      if (step.terminated || step.truncated) break;
    }
  }
  return out;
}

function main(): number {
  const args = parseOrExplain('heldout-shapes', USAGE, () => {
    const f = readFlags(process.argv.slice(2), ['--env', '--level', '--seeds']);
    return { env: parseEnv(required(f, '--env')), level: parseLevel(f.get('--level') ?? '0'), seeds: parseSeeds(f.get('--seeds') ?? '0-999') };
  });
  if (!args) return 2;
  const [train, test] = SPLITS.map((s) => play(args.env, args.level, args.seeds, s));
  const sharedContexts = [...test.contexts].filter((c) => train.contexts.has(c)).length;
  const unseen = [...test.skeletons].filter(([sk]) => !train.skeletons.has(sk));
  const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
  const log = (s: string) => process.stdout.write(`${s}\n`);
  log(`${args.env} level ${args.level}, seeds ${args.seeds[0]}-${args.seeds.at(-1)} of each split, expert trajectories`);
  log(`contexts: train ${train.contexts.size} distinct, test ${test.contexts.size}; test contexts token for token in train: ${sharedContexts} (${pct(sharedContexts, test.contexts.size)})`);
  for (const [name, s] of [['train', train], ['test', test]] as const) {
    log(`${name} page skeletons (${s.skeletons.size}):`);
    for (const [sk, n] of [...s.skeletons].sort((a, b) => b[1] - a[1])) log(`  ${pct(n, s.episodes).padStart(6)}  ${sk}${name === 'test' && !train.skeletons.has(sk) ? '   <- never in train' : ''}`);
  }
  log(`test episodes whose first page train never shows: ${pct(unseen.reduce((a, [, n]) => a + n, 0), test.episodes)}`);
  for (const [name, s] of [['train', train], ['test', test]] as const)
    log(`${name} words: quoted goal words the vocabulary knows (not placeholders): ${s.known.size ? [...s.known].join(' ') : 'none'}; contexts with <unk>: ${s.unknownContexts}`);
  return 0;
}

process.exitCode = main();
