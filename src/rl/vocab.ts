// The vocabulary of a task: its structural words, found by playing the expert on fixed seeds of both splits at
// every difficulty. A word is content (a per-context placeholder, see src/model/tokenizer.ts) when an envs' word
// list holds it, when it is a number past 99, or when it turned up in one split only: the splits draw content from
// disjoint pools, so a word seen in both is part of the task's language (a verb, a role, a template word, a fixed
// label such as Login). Independent of the run's seed, so a config always gets the same vocabulary.

import type { EnvSpec } from '../envs/api';
import { SPLITS, type Split } from '../envs/split';
import * as WORDS from '../envs/words';
import { buildTokenizer, splitWords, type Tokenizer } from '../model/tokenizer';
import { envOptionsFor } from './rollout';

/** Task instances played per split and difficulty level (games' experts plan, so they get fewer). */
export const VOCAB_SEEDS = { web: 48, game: 6 } as const;

export interface VocabCorpus {
  /** Every text the policy may read, per split: goals, observations and expert actions. */
  readonly texts: Readonly<Record<Split, readonly string[]>>;
  /** The action language's own words (verbs, parentheses, comma, quote): structural whatever the splits say. */
  readonly language: readonly string[];
  /** The expert actions among the texts (they bound the action length). */
  readonly actions: readonly string[];
}

const corpora = new WeakMap<EnvSpec, VocabCorpus>();

/** The texts of an env (played once per spec, then remembered: it is independent of any seed). */
export function vocabCorpus(spec: EnvSpec): VocabCorpus {
  let corpus = corpora.get(spec);
  if (!corpus) corpora.set(spec, (corpus = playCorpus(spec)));
  return corpus;
}

/** Tokens of the longest expert action under `tok`, END included (a content word is one token). */
export function longestActionTokens(tok: Tokenizer, actions: readonly string[]): number {
  return Math.max(...actions.map((a) => tok.encode(a).length + 1));
}

/** Lowercased words of the envs' word lists: content by definition. */
const LISTED = new Set(
  (Object.values(WORDS) as unknown[]).filter((w): w is readonly string[] => Array.isArray(w)).flatMap((list) => list.map((w) => w.toLowerCase())),
);

/** The structural words of corpora (several envs: a word structural in one of them is structural). */
export function structuralWords(corpora: readonly VocabCorpus[], extra: readonly string[] = []): string[] {
  const out = new Set<string>(extra.flatMap(splitWords));
  for (const c of corpora) {
    c.language.forEach((w) => out.add(w));
    const seen = SPLITS.map((s) => new Set(c.texts[s].flatMap((t) => splitWords(t).map((w) => w.toLowerCase()))));
    for (const t of c.texts.train)
      for (const w of splitWords(t)) {
        const low = w.toLowerCase();
        if (seen.every((split) => split.has(low)) && !LISTED.has(low) && !/^\d+$/.test(w)) out.add(w); // numbers: the tokenizer's rule
      }
  }
  return [...out];
}

/** The tokenizer of an env (and any words of messages around it, such as a team's frame words). */
export function vocabularyOf(spec: EnvSpec, extra: readonly string[] = []): Tokenizer {
  return buildTokenizer(structuralWords([vocabCorpus(spec)], extra));
}

function playCorpus(spec: EnvSpec): VocabCorpus {
  const actions: string[] = [];
  const texts: Record<Split, string[]> = { train: [], test: [] };
  for (const split of SPLITS)
    for (let level = 0; level <= 2; level++) {
      const options = envOptionsFor(spec, level);
      for (let seed = 0; seed < VOCAB_SEEDS[spec.suite]; seed++) {
        const env = spec.create();
        const { obs } = env.reset({ seed, options, split });
        texts[split].push(env.goal, obs.text);
        for (let turn = 0; turn < env.maxTurns; turn++) {
          const action = spec.expert(env);
          const step = env.step(action);
          texts[split].push(action, step.obs.text);
          actions.push(action);
          if (step.terminated || step.truncated) break;
        }
      }
    }
  return { texts, language: ['(', ')', ',', '"', ...spec.actions.map((a) => a.verb)], actions };
}
