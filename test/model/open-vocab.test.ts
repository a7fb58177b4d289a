// The open vocabulary over every registered environment: on test-split seeds, each expert action goes through its
// context's placeholders and back exactly, uses no <unk>, and the action grammar allows every one of its tokens, with
// fitArgs too (ids of fitting elements, copied text but in families flagged freeText);
// the vocabulary holds only words the train split shows (nothing is learnt from test content).
import { describe, expect, it } from 'vitest';
import { ENV_SPECS } from '../../src/envs/registry';
import { BUTTON_WORDS, FIRST_NAMES } from '../../src/envs/words';
import { splitWords, UNK } from '../../src/model/tokenizer';
import { agentIO } from '../../src/rl/setup';
import { longestActionTokens, structuralWords, vocabCorpus, vocabularyOf } from '../../src/rl/vocab';

const SEEDS = 6;

/** Experts that type text the page never shows, so grammar-constrained decoding cannot follow them. */
const OUTSIDE_GRAMMAR: Record<string, string> = {
  'use-autocomplete': 'its expert types the shortest prefix that lists the target, often shorter than the goal says (C for Ch)',
  terminal: 'its expert types shell commands (ls, cat) from knowledge, not from the page',
};
/** Experts that type words neither the vocabulary nor the context holds: a word-level policy cannot write them. */
const OUT_OF_REACH: Record<string, string> = {
  'text-transform': 'its expert joins glyphs shown one by one (o, h, s) into one word (ohs)',
};

describe('open vocabulary', () => {
  for (const spec of ENV_SPECS)
    it(`${spec.id}: expert actions on test seeds round-trip through their contexts and the grammar allows them`, () => {
      const tok = vocabularyOf(spec);
      const longest = longestActionTokens(tok, vocabCorpus(spec).actions);
      const io = agentIO(tok.toJSON(), spec, 256, longest, false, false);
      const fitted = agentIO(tok.toJSON(), spec, 256, longest, false, false, true);
      let checked = 0;
      for (let seed = 0; seed < SEEDS; seed++) {
        const env = spec.create();
        let { obs } = env.reset({ seed: 9000 + seed, split: 'test' });
        const past: string[] = [];
        for (let turn = 0, done = false; turn < env.maxTurns && !done; turn++) {
          const action = spec.expert(env);
          const context = io.prompt(env.goal, obs, past);
          const tokens = io.encodeAction(action, context);
          const allowed = io.allowed(env.goal, obs, context);
          const allowedFitted = fitted.allowed(env.goal, obs, context);
          const step = env.step(action);
          [obs, done] = [step.obs, step.terminated || step.truncated];
          past.push(action);
          if (OUT_OF_REACH[spec.id] && tokens.includes(UNK)) continue;
          expect(tokens, action).not.toContain(UNK);
          expect(io.decode(tokens, context)).toBe(action);
          if (!OUTSIDE_GRAMMAR[spec.id]) {
            for (const a of [allowed, allowedFitted]) tokens.forEach((t, i) => expect(Array.from(a(tokens.slice(0, i)) ?? []), `${action} token ${i}`).toContain(t));
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(SEEDS);
    });

  it('keeps only structural words: the envs word lists are content, and every word is one the train split shows', () => {
    for (const spec of ENV_SPECS.slice(0, 6)) {
      const corpus = vocabCorpus(spec);
      const train = new Set(corpus.texts.train.flatMap(splitWords).concat(corpus.language));
      const words = structuralWords([corpus]);
      for (const w of words) expect(train.has(w), `${spec.id}: ${w}`).toBe(true);
      for (const w of [...BUTTON_WORDS, ...FIRST_NAMES]) expect(words, spec.id).not.toContain(w);
      expect(words).toContain('click');
    }
  });

  it('a word seen in one split only is content; one in both is structural (any case); numbers past 99 are content', () => {
    const corpus = { texts: { train: ['Click the Zorb 7 100', 'press'], test: ['click the Quux 7 100'] }, language: ['('], actions: [] };
    expect(structuralWords([corpus]).sort()).toEqual(['(', 'Click', 'the']);
  });
});
