// The texts a task's tokenizer is built from: the envs' word lists, then goals, observations, expert actions
// and the errors of typical wrong actions over fixed seeds at every difficulty. Independent of the run's
// seed, so a config always gets the same vocabulary.

import type { EnvSpec } from '../envs/api';
import * as WORDS from '../envs/words';
import type { Tokenizer } from '../model/tokenizer';
import { envOptionsFor } from './rollout';

/** Task instances played per difficulty level (games' experts plan, so they get fewer). */
export const VOCAB_SEEDS = { web: 48, game: 6 } as const;

/** Malformed or impossible actions whose error messages the policy will meet while exploring. */
function wrongActions(spec: EnvSpec): string[] {
  const arg = { id: '99', int: '99', text: '"x"', dir: 'up' } as const;
  return spec.actions.map((a) => `${a.verb}(${a.args.map((k) => arg[k]).join(', ')})`).concat('x');
}

export interface VocabCorpus {
  readonly texts: readonly string[];
  /** The expert actions among the texts (they bound the action length). */
  readonly actions: readonly string[];
}

const corpora = new WeakMap<EnvSpec, VocabCorpus>();

/** The tokenizer's texts for an env (played once per spec, then remembered: it is independent of any seed). */
export function vocabCorpus(spec: EnvSpec): VocabCorpus {
  let corpus = corpora.get(spec);
  if (!corpus) corpora.set(spec, (corpus = playCorpus(spec)));
  return corpus;
}

/** Several envs' corpora as one (a generalist's, over its families). */
export function mergedCorpus(corpora: readonly VocabCorpus[]): VocabCorpus {
  return { texts: corpora.flatMap((c) => c.texts), actions: corpora.flatMap((c) => c.actions) };
}

/** Tokens of the longest expert action under `tok`, END included. */
export function longestActionTokens(tok: Tokenizer, actions: readonly string[]): number {
  return Math.max(...actions.map((a) => tok.encode(a).length + 1));
}

function playCorpus(spec: EnvSpec): VocabCorpus {
  const actions: string[] = [];
  const lists = (Object.values(WORDS) as unknown[]).filter((w): w is readonly string[] => Array.isArray(w));
  const texts: string[] = ['( ) , "', ...spec.actions.map((a) => a.verb), ...lists.map((w) => w.join(' '))];
  const wrong = wrongActions(spec);
  for (let level = 0; level <= 2; level++) {
    const options = envOptionsFor(spec, level);
    for (let seed = 0; seed < VOCAB_SEEDS[spec.suite]; seed++) {
      const env = spec.create();
      let { obs } = env.reset({ seed, options });
      texts.push(env.goal, obs.text);
      for (let turn = 0; turn < env.maxTurns; turn++) {
        if (turn === 0) for (const w of wrong) texts.push(env.clone().step(w).info.lastActionError ?? '');
        const action = spec.expert(env);
        const step = env.step(action);
        texts.push(action, step.obs.text);
        actions.push(action);
        obs = step.obs;
        if (step.terminated || step.truncated) break;
      }
    }
  }
  return { texts: texts.filter((t) => t !== ''), actions };
}
