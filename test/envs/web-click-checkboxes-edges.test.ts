// Edge cases of the click-checkboxes family (issue 21's mutation pass): its options and levels, init on a scripted
// random stream (how many are named, distinct random strings, two-word phrases whose clear boxes share a word with a
// named one, the boxes' order, the goal's order, the frame, Submit's place), the rules over seeds, the page drawn,
// ticking and Submit, progress and the expert at each stage, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { ADJECTIVE_WORDS, NOUN_WORDS } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { clickCheckboxes } from '../../src/envs/web/click-checkboxes';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/click-checkboxes';

const def = defOf<State>(clickCheckboxes);
const train = poolsOf('train');

const state = (checked = [false, false, false], o: Partial<State> = {}): State => ({
  labels: ['red fox', 'red cat', 'big fox'], want: [true, false, true], checked, submitFirst: false, frame: { heading: 'Options', note: 'Boxes start clear' }, ...o,
});

describe('click-checkboxes: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(clickCheckboxes).toMatchObject({ id: 'click-checkboxes', suite: 'web', family: 'click-checkboxes', maxTurns: 12, miniwob: 'click-checkboxes' });
    expect(clickCheckboxes.description).toBe('Check exactly the named boxes, then click Submit.');
    expect(clickCheckboxes.options).toEqual([
      { name: 'boxes', doc: 'checkboxes on the page', kind: 'int', default: 5, min: 2, max: 8 },
      { name: 'targets', doc: 'at most this many boxes are named (at least one, and one box stays clear)', kind: 'int', default: 3, min: 1, max: 6 },
      { name: 'labels', doc: "strings (MiniWoB's random strings) or phrases (two words, each clear box sharing one with a named box)", kind: 'enum', default: 'phrases', values: ['strings', 'phrases'] },
    ]);
    expect(clickCheckboxes.levels).toEqual([
      { boxes: 3, targets: 1, labels: 'strings' },
      { boxes: 4, targets: 2, labels: 'strings' },
      { boxes: 5, targets: 3, labels: 'phrases' },
      { boxes: 6, targets: 4, labels: 'phrases' },
      { boxes: 8, targets: 6, labels: 'phrases' },
    ]);
  });
});

describe('click-checkboxes: init on a scripted stream', () => {
  it('strings: one named of 3, distinct random strings, the boxes shuffled, the frame, Submit below', () => {
    // train's first frame is layout 1: heading 1 (Options), note 0 (none)
    expect(layoutOf(scripted([0]), train, 'click-checkboxes', 12)).toBe(1);
    // k = 1 + int(1); strings ab, ab again (dropped), ba, abc; shuffle of (0, 1, 2): swap 2 with 0, 1 with 0 -> (1, 2, 0)
    const script = [0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 2, 0, 0, 0, 0.5];
    const rng = scripted(script);
    const { goal, state } = def.init(rng, { boxes: 3, targets: 1, labels: 'strings' }, train);
    expect(goal).toBe('Select ab and click Submit.');
    expect(state).toEqual({ labels: ['ba', 'abc', 'ab'], want: [false, false, true], checked: [false, false, false], submitFirst: false, frame: { heading: 'Options', note: '' } });
    expect(rng.asked.filter((a) => a !== 'int(26)')).toEqual(['int(1)', 'int(7)', 'int(7)', 'int(7)', 'int(7)', 'int(3)', 'int(2)', 'int(9)', 'next']);
  });

  it('phrases: named adjective-noun pairs, each clear box one named word and one of its own', () => {
    const [a, n] = [train.words(ADJECTIVE_WORDS), train.words(NOUN_WORDS)];
    expect([a.slice(0, 4), n.slice(0, 4)]).toEqual([['able', 'aching', 'acidic', 'actual'], ['abacus', 'account', 'adrenalin', 'adviser']]);
    // k = 1 + int(2) = 2 (targets 2 of 4 boxes); adjectives 0-3, nouns 0-3; box 2: named 0, chance 0.3 keeps its
    // adjective (able adrenalin); box 3: named 1, chance 0.7 keeps its noun (actual account); shuffle of (0, 1, 2, 3):
    // swaps 3-0, 2-0, 1-0 -> (1, 2, 3, 0); goal names (0, 1) shuffled with a swap of 1 with 1; frame; 0.2: Submit first
    const rng = scripted([1, 0, 1, 2, 3, 0, 1, 2, 3, 0, 0.3, 1, 0.7, 0, 0, 0, 1, 0, 0.2]);
    const { goal, state } = def.init(rng, { boxes: 4, targets: 2, labels: 'phrases' }, train);
    expect(goal).toBe('Select able abacus, aching account and click Submit.');
    expect(state.labels).toEqual(['aching account', 'able adrenalin', 'actual account', 'able abacus']);
    expect(state.want).toEqual([true, false, false, true]);
    expect(state.submitFirst).toBe(true);
    expect(rng.asked).toEqual(['int(2)', ...Array(4).fill('int(622)'), ...Array(4).fill('int(610)'), 'int(2)', 'next', 'int(2)', 'next', 'int(4)', 'int(3)', 'int(2)', 'int(2)', 'int(9)', 'next']);
  });

  it('names at most targets, and at most boxes - 1, and at least one: k = 1 + int(that bound)', () => {
    // the stream runs dry after the first draw, which is all this reads
    const firstDraw = (boxes: number, targets: number) => {
      const rng = scripted([0]);
      expect(() => def.init(rng, { boxes, targets, labels: 'phrases' }, train)).toThrow('scripted: no value left');
      return rng.asked[0];
    };
    expect([firstDraw(5, 3), firstDraw(3, 6), firstDraw(2, 1), firstDraw(8, 6), firstDraw(2, 6)]).toEqual(['int(3)', 'int(2)', 'int(1)', 'int(6)', 'int(1)']);
  });
});

describe('click-checkboxes: over seeds', () => {
  it('the goal names the wanted boxes; each clear phrase shares a word with a named one; frames split 3 / 9', () => {
    const frames = { train: new Set<string>(), test: new Set<string>() };
    for (const split of ['train', 'test'] as const) {
      const named = new Set<number>();
      for (let seed = 0; seed < 150; seed++) {
        const env = clickCheckboxes.create();
        env.reset({ seed, split, options: { boxes: 5, targets: 3 } });
        const s = (env as unknown as { state: State }).state;
        const wanted = s.labels.filter((_, i) => s.want[i]);
        named.add(wanted.length);
        expect(env.goal).toBe(`Select ${env.goal.slice(7, -18)} and click Submit.`);
        expect(env.goal.slice(7, -18).split(', ').sort()).toEqual([...wanted].sort());
        const namedWords = new Set(wanted.flatMap((l) => l.split(' ')));
        for (const l of s.labels.filter((_, i) => !s.want[i])) expect(l.split(' ').some((w) => namedWords.has(w)), l).toBe(true);
        for (const w of s.labels.flatMap((l) => l.split(' '))) expect(inSplit(w, split)).toBe(true);
        expect(s.checked).toEqual([false, false, false, false, false]);
        frames[split].add(`${s.frame.heading}|${s.frame.note}`);
      }
      expect([...named].sort()).toEqual([1, 2, 3]);
    }
    expect([frames.test.size, frames.train.size]).toEqual([3, 9]);
    const all = ['', 'Options', 'Choose all that apply', 'Your picks'].flatMap((h) => ['', 'Tick as many as the goal names', 'Boxes start clear'].map((n) => `${h}|${n}`));
    expect([...frames.test, ...frames.train].sort()).toEqual(all.sort());
  });
});

describe('click-checkboxes: the page and its handlers', () => {
  it('draws Submit below or above, the heading, the boxes (one level under a heading), then the note', () => {
    expect(lines(drawn(def, state([true, false, false])))).toEqual([
      "1 heading 'Options'", "2 checkbox 'red fox' depth 1 [checked]", "3 checkbox 'red cat' depth 1 []", "4 checkbox 'big fox' depth 1 []", "5 button 'Submit'", "6 text 'Boxes start clear'",
    ]);
    expect(lines(drawn(def, state(undefined, { submitFirst: true, frame: { heading: '', note: '' } })))).toEqual([
      "1 button 'Submit'", "2 checkbox 'red fox' []", "3 checkbox 'red cat' []", "4 checkbox 'big fox' []",
    ]);
  });

  it('check and click both toggle a box; Submit succeeds only with exactly the wanted boxes', () => {
    const env = envWith(clickCheckboxes, state());
    env.step('check(2)');
    env.step('click(4)');
    expect(env.state.checked).toEqual([true, false, true]);
    env.step('check(4)');
    expect(env.state.checked).toEqual([true, false, false]);
    for (const [checked, success] of [[[true, false, true], true], [[true, true, true], false], [[true, false, false], false], [[false, true, false], false]] as const) {
      expect(envWith(clickCheckboxes, state([...checked])).step('click(5)'), String(checked)).toMatchObject({ terminated: true, reward: success ? 1 : 0, info: { success } });
    }
  });

  it('progress: 0.9 times (right ticks - wrong ticks, at least 0) over the wanted', () => {
    const at = (checked: boolean[]) => def.progress(state(checked));
    expect(at([false, false, false])).toBe(0);
    expect(at([true, false, false])).toBe(0.45);
    expect(at([true, false, true])).toBeCloseTo(0.9, 12);
    expect(at([true, true, true])).toBe(0.45);
    expect(at([true, true, false])).toBe(0);
    expect(at([false, true, false])).toBe(0);
    expect(def.progress(state([true, false, false], { want: [true, false, false] }))).toBeCloseTo(0.9, 12);
  });

  it('the expert fixes the first box that is wrong, then clicks Submit', () => {
    const env = envWith(clickCheckboxes, state([false, true, false]));
    expect(clickCheckboxes.expert(env)).toBe('check(2)');
    env.step('check(2)');
    expect(clickCheckboxes.expert(env)).toBe('check(3)');
    env.step('check(3)');
    expect(clickCheckboxes.expert(env)).toBe('check(4)');
    env.step('check(4)');
    expect(clickCheckboxes.expert(env)).toBe('click(5)');
  });

  it('ends the episode after 12 turns, truncated', () => {
    const env = envWith(clickCheckboxes, state());
    for (let t = 1; t < 12; t++) expect(env.step('check(3)').truncated).toBe(false);
    expect(env.step('check(3)')).toMatchObject({ terminated: false, truncated: true });
  });
});
