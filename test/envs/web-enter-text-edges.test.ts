// Edge cases of the enter-text family (issue 21's mutation pass): its options and levels, the text of each kind
// (textOf) and init on a scripted random stream, the split's layouts over seeds, the page drawn with Submit above
// or below and each second button, Submit, Cancel and Clear, progress and the expert at each stage, and the turn
// limit. Values are worked out by hand from the family's rules.
import { describe, expect, it } from 'vitest';
import { PERSON_FIRST, PERSON_LAST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { enterText, textOf } from '../../src/envs/web/enter-text';
import { NOUNS } from '../../src/envs/words';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/enter-text';

const def = defOf<State>(enterText);
const train = poolsOf('train');
const test = poolsOf('test');

const state = (o: Partial<State> = {}): State => ({ target: 'red fox', value: '', above: false, label: 'Message', extra: '', ...o });

describe('enter-text: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(enterText).toMatchObject({ id: 'enter-text', suite: 'web', family: 'enter-text', maxTurns: 4, miniwob: 'enter-text' });
    expect(enterText.description).toBe('Type the given text into the field and click Submit.');
    expect(enterText.options).toEqual([
      { name: 'text', doc: 'what to type: starter (24 nouns), names (first and last names) or strings (random letters)', kind: 'enum', default: 'names', values: ['starter', 'names', 'strings'] },
      { name: 'words', doc: 'words to type', kind: 'int', default: 2, min: 1, max: 3 },
    ]);
    expect(enterText.levels).toEqual([
      { text: 'starter', words: 1 },
      { text: 'names', words: 1 },
      { text: 'names', words: 2 },
      { text: 'strings', words: 1 },
      { text: 'strings', words: 2 },
      { text: 'strings', words: 3 },
    ]);
  });
});

describe('enter-text: the text to type', () => {
  it('names alternate given and family names of the split', () => {
    const rng = scripted([0, 1, 2]);
    const [first, last] = [train.words(PERSON_FIRST), train.words(PERSON_LAST)];
    expect(textOf(rng, train, 'names', 3)).toBe(`${first[0]} ${last[1]} ${first[2]}`);
    expect(`${first[0]} ${last[1]} ${first[2]}`).toBe('Aaliyah Abernathy Abbigail');
    expect(rng.asked).toEqual([`int(${first.length})`, `int(${last.length})`, `int(${first.length})`]);
    expect(textOf(scripted([0]), test, 'names', 1)).toBe('Abagail');
  });

  it('strings: 2 to 8 random letters each; starter: distinct nouns of the split', () => {
    const rng = scripted([0, 0, 1, 6, 0, 1, 2, 3, 4, 5, 6, 7]);
    expect(textOf(rng, train, 'strings', 2)).toBe('ab abcdefgh');
    expect(rng.asked.filter((a) => a !== 'int(26)')).toEqual(['int(7)', 'int(7)']);
    expect(inSplit('abcdefgh', 'train')).toBe(true);
    expect(textOf(scripted([2]), train, 'starter', 1)).toBe('stone');
    expect(textOf(scripted([0, 0, 3]), train, 'starter', 2)).toBe('apple cloud');
    expect(train.words(NOUNS)[3]).toBe('cloud');
  });

  it('init: the text, then the layout (label code % 4, button code / 4), then Submit above on chance < 0.5', () => {
    // train's first layout is 5: label 1 (none), button 1 (Cancel); test's first is 9: label 1, button 2 (Clear)
    expect(layoutOf(scripted([0]), train, 'enter-text', 12)).toBe(5);
    expect(layoutOf(scripted([0]), test, 'enter-text', 12)).toBe(9);
    let rng = scripted([0, 0, 0, 0.2]);
    let r = def.init(rng, { text: 'names', words: 2 }, train);
    expect(r.goal).toBe('Enter "Aaliyah Abbott" into the text field and press Submit.');
    expect(r.state).toEqual({ target: 'Aaliyah Abbott', value: '', above: true, label: '', extra: 'Cancel' });
    expect(rng.asked.slice(2)).toEqual(['int(9)', 'next']);
    rng = scripted([0, 0, 0.5]);
    r = def.init(rng, { text: 'names', words: 1 }, test);
    expect(r.state).toEqual({ target: 'Abagail', value: '', above: false, label: '', extra: 'Clear' });
    expect(rng.asked).toEqual([`int(${test.words(PERSON_FIRST).length})`, 'int(3)', 'next']);
  });
});

describe('enter-text: over seeds', () => {
  it('the test split holds (Your text, none), (Your text, Cancel), (none, Clear); train the other nine', () => {
    const pairs = (split: 'train' | 'test') => {
      const seen = new Set<string>();
      const above = new Set<boolean>();
      for (let seed = 0; seed < 150; seed++) {
        const env = enterText.create();
        env.reset({ seed, split });
        const s = (env as unknown as { state: State }).state;
        expect(s.target.split(' ').every((w) => inSplit(w, split))).toBe(true);
        seen.add(`${s.label}|${s.extra}`);
        above.add(s.above);
      }
      expect(above.size).toBe(2);
      return [...seen].sort();
    };
    const held = ['Your text|', 'Your text|Cancel', '|Clear'];
    expect(pairs('test')).toEqual([...held].sort());
    const all = ['Text', '', 'Your text', 'Message'].flatMap((l) => ['', 'Cancel', 'Clear'].map((b) => `${l}|${b}`));
    expect(pairs('train')).toEqual(all.filter((p) => !held.includes(p)).sort());
  });
});

describe('enter-text: the page and its handlers', () => {
  it('draws Submit above or below the field, then the second button', () => {
    expect(lines(drawn(def, state({ above: true, value: 'a', extra: 'Cancel' })))).toEqual(["1 button 'Submit'", "2 textbox 'Message' = \"a\"", "3 button 'Cancel'"]);
    expect(lines(drawn(def, state({ label: '', extra: 'Clear' })))).toEqual(["1 textbox '' = \"\"", "2 button 'Submit'", "3 button 'Clear'"]);
    expect(lines(drawn(def, state()))).toEqual(["1 textbox 'Message' = \"\"", "2 button 'Submit'"]);
  });

  it('Submit succeeds only with the text exactly, and fails for good otherwise', () => {
    for (const [value, success] of [['red fox', true], ['red', false], ['Red fox', false]] as const) {
      const r = envWith(enterText, state({ value })).step('click(2)');
      expect(r, value).toMatchObject({ terminated: true, reward: success ? 1 : 0, info: { success } });
    }
  });

  it('fill writes the field; Clear empties it and goes on; Cancel fails the episode', () => {
    const env = envWith(enterText, state({ extra: 'Clear' }));
    expect(env.step('fill(1, "red")').info.lastActionError).toBeUndefined();
    expect(env.state.value).toBe('red');
    expect(env.step('click(3)')).toMatchObject({ terminated: false, reward: 0 });
    expect(env.state.value).toBe('');
    const cancel = envWith(enterText, state({ extra: 'Cancel', value: 'red fox' }));
    expect(cancel.step('click(3)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
  });

  it('progress: 0.5 once the field holds the text', () => {
    expect([def.progress(state()), def.progress(state({ value: 'red fox' })), def.progress(state({ value: 'red fo' }))]).toEqual([0, 0.5, 0]);
  });

  it('the expert fills the field, then clicks Submit, wherever Submit is', () => {
    const env = envWith(enterText, state({ above: true, value: 'red' }));
    expect(enterText.expert(env)).toBe('fill(2, "red fox")');
    env.step('fill(2, "red fox")');
    expect(enterText.expert(env)).toBe('click(1)');
    expect(enterText.expert(envWith(enterText, state({ value: 'red fox' })))).toBe('click(2)');
    expect(enterText.expert(envWith(enterText, state()))).toBe('fill(1, "red fox")');
  });

  it('ends the episode after 4 turns, truncated', () => {
    const env = envWith(enterText, state());
    for (let t = 1; t < 4; t++) expect(env.step('fill(1, "z")').truncated).toBe(false);
    expect(env.step('fill(1, "z")')).toMatchObject({ terminated: false, truncated: true });
  });
});
