// The task vocabulary's pieces at their edges, with hand-counted values: the corpus click-button's expert plays (one
// click per instance), the remembered corpus, the action language, which words count as structural (both splits,
// not listed, not a bare number) and the longest expert action in tokens.
import { describe, expect, it } from 'vitest';
import { getEnvSpec } from '../../src/envs/registry';
import { buildTokenizer } from '../../src/model/tokenizer';
import { longestActionTokens, structuralWords, VOCAB_SEEDS, vocabCorpus, vocabularyOf, type VocabCorpus } from '../../src/rl/vocab';

const corpus = (train: string[], test: string[], language: string[] = []): VocabCorpus => ({ texts: { train, test }, language, actions: [] });

describe('vocabCorpus', () => {
  const spec = getEnvSpec('click-button');

  it('plays levels 0-2 on 48 seeds a split: goal and first page, then each expert action and the page after it', () => {
    const c = vocabCorpus(spec);
    // click-button's expert ends every instance with one click: goal, page, action, page = 4 texts an instance
    const instances = 3 * VOCAB_SEEDS.web;
    expect(c.texts.train).toHaveLength(4 * instances);
    expect(c.texts.test).toHaveLength(4 * instances);
    expect(c.actions).toHaveLength(2 * instances);
    expect(c.actions.every((a) => /^click\(\d+\)$/.test(a))).toBe(true);
    expect(c.texts.train[2]).toBe(c.actions[0]);
  });

  it("is remembered per spec, and its language is the grammar's punctuation and the env's verbs", () => {
    expect(vocabCorpus(spec)).toBe(vocabCorpus(spec));
    expect(vocabCorpus(spec).language).toEqual(['(', ')', ',', '"', ...spec.actions.map((a) => a.verb)]);
  });
});

describe('structuralWords', () => {
  it('keeps the words both splits show, the language and the extra words, and nothing else', () => {
    const words = structuralWords([corpus(['Press the Blue button', 'x1 1x 42'], ['press the red BUTTON', 'x1 1x 42'], ['('])]);
    // Blue and red are one split's only; 42 is a bare number (the tokenizer's own); x1 and 1x are words
    expect(words.sort()).toEqual(['(', '1x', 'Press', 'button', 'the', 'x1'].sort());
  });

  it('adds extra words split into pieces, and none without them', () => {
    const c = corpus(['a b'], ['a'], []);
    expect(structuralWords([c])).toEqual(['a']);
    expect(structuralWords([c], ['Round one:']).sort()).toEqual([':', 'Round', 'a', 'one'].sort());
  });

  it('vocabularyOf builds the tokenizer of exactly those words', () => {
    const spec = getEnvSpec('click-button');
    expect(vocabularyOf(spec).vocab).toEqual(buildTokenizer(structuralWords([vocabCorpus(spec)])).vocab);
  });
});

describe('longestActionTokens', () => {
  it('is the longest encoded action plus its END token', () => {
    const tok = buildTokenizer(['click', 'fill', '(', ')', ',', '"']);
    // click ( 3 ) = 4 tokens; fill ( 2 , " Ann " ) = 8 tokens (Ann a content word, one token)
    expect(longestActionTokens(tok, ['click(3)', 'fill(2, "Ann")'])).toBe(9);
    expect(longestActionTokens(tok, ['click(3)'])).toBe(5);
  });
});
