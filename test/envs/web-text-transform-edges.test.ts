// Edge cases of the text-transform family (issue 21's mutation pass): its options, levels and flags, init on a
// scripted random stream (an alphanumeric string of the split, redrawn when the other split holds it, the layout,
// the goal's phrasing of the split), every phrasing, caption and label over seeds, the page drawn, Submit, progress,
// the expert and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { textTransform, type State } from '../../src/envs/web/text-transform';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';


const def = defOf<State>(textTransform);
const train = poolsOf('train');
const test = poolsOf('test');
const state = (value = '', caption = 'Captcha'): State => ({ text: 'k9x', caption, label: 'Answer', value });
const GOALS = [
  'Type the text below into the text field and press Submit.',
  'Copy the characters shown below into the field and press Submit.',
  'Enter the text displayed below in the text box, then press Submit.',
  'Type the letters below into the input and press Submit.',
  'Read the text below, type it into the text field and click Submit.',
  'Write the characters below into the text field and submit.',
  'Type exactly the text shown below and press Submit.',
  'Enter the characters below into the box and press Submit.',
  'Reproduce the text below in the text field, then click Submit.',
  'Fill the text field with the characters below and press Submit.',
  'Put the text shown below into the field and hit Submit.',
  'Type what is written below into the text field and press Submit.',
];

describe('text-transform: the family', () => {
  it('says what it is, its turn limit, options and levels; free text, keyed by goal and page', () => {
    expect(textTransform).toMatchObject({ id: 'text-transform', suite: 'web', family: 'text-transform', maxTurns: 4, miniwob: 'text-transform', instanceKey: 'goal+observation', freeText: true });
    expect(textTransform.description).toBe('Read the distorted text shown on the page, type it into the field and press Submit.');
    expect(textTransform.options).toEqual([
      { name: 'length', doc: 'longest text, in characters (shortest is 3)', kind: 'int', default: 5, min: 3, max: 10 },
    ]);
    expect(textTransform.levels).toEqual([{ length: 3 }, { length: 5 }, { length: 8 }]);
  });
});

describe('text-transform: init on a scripted stream', () => {
  it('a string of letters and digits of the split (a1z is test\'s, so redrawn), layout 2, phrasing 0 of train\'s 10', () => {
    expect([inSplit('a1z', 'train'), inSplit('abc', 'train')]).toEqual([false, true]);
    expect([0, 1].map((v) => layoutOf(scripted([v]), train, 'text-transform', 16))).toEqual([2, 10]);
    // length 3 + 0: a (0), 1 (26 + 1), z (25); again: a, b, c; layout 2: caption 2, label 0
    const rng = scripted([0, 0, 27, 25, 0, 0, 1, 2, 0, 0]);
    const { goal, state } = def.init(rng, { length: 3 }, train);
    expect(goal).toBe(GOALS[0]);
    expect(state).toEqual({ text: 'abc', caption: 'Verify you are human', label: '', value: '' });
    expect(rng.asked).toEqual(['int(1)', 'int(36)', 'int(36)', 'int(36)', 'int(1)', 'int(36)', 'int(36)', 'int(36)', 'int(12)', 'int(10)']);
  });

  it('three to five characters for length 5; layout 10: caption 2, label 2', () => {
    expect(inSplit('98765', 'train')).toBe(true);
    const rng = scripted([2, 35, 34, 33, 32, 31, 1, 0]);
    const { state } = def.init(rng, { length: 5 }, train);
    expect(state).toMatchObject({ text: '98765', caption: 'Verify you are human', label: 'Text' });
    expect(rng.asked[0]).toBe('int(3)');
  });

  it("the test split: its two phrasings (2 and 5), layouts 14 and 7", () => {
    expect([0, 1].map((v) => layoutOf(scripted([v]), test, 'text-transform', 16))).toEqual([14, 7]);
    expect(inSplit('a1z', 'test')).toBe(true);
    let rng = scripted([0, 0, 27, 25, 0, 1]);
    let r = def.init(rng, { length: 3 }, test);
    // layout 14: caption 2, label 3
    expect(r.goal).toBe(GOALS[5]);
    expect(r.state).toEqual({ text: 'a1z', caption: 'Verify you are human', label: 'Type here', value: '' });
    expect(rng.asked.slice(-2)).toEqual(['int(4)', 'int(2)']);
    // layout 7: caption 3, label 1
    r = def.init(scripted([0, 0, 27, 25, 1, 0]), { length: 3 }, test);
    expect(r.goal).toBe(GOALS[2]);
    expect(r.state).toMatchObject({ caption: 'Security check', label: 'Answer' });
  });
});

describe('text-transform: over seeds', () => {
  it('every phrasing, caption and label in play, texts of the split from 3 to 8 characters', () => {
    const goals = new Set<string>();
    const captions = new Set<string>();
    const labels = new Set<string>();
    const lengths = new Set<number>();
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 150; seed++) {
        const env = textTransform.create();
        env.reset({ seed, split, options: { length: 8 } });
        const s = (env as unknown as { state: State }).state;
        expect(inSplit(s.text, split)).toBe(true);
        expect(s.text).toMatch(/^[a-z0-9]+$/);
        lengths.add(s.text.length);
        goals.add(env.goal);
        captions.add(s.caption);
        labels.add(s.label);
      }
    }
    expect([...goals].sort()).toEqual([...GOALS].sort());
    expect([...captions].sort()).toEqual(['', 'Captcha', 'Security check', 'Verify you are human']);
    expect([...labels].sort()).toEqual(['', 'Answer', 'Text', 'Type here']);
    expect([...lengths].sort()).toEqual([3, 4, 5, 6, 7, 8]);
  });
});

describe('text-transform: the page and its handlers', () => {
  it('draws the caption, the glyphs apart, the field and Submit; no heading without a caption', () => {
    expect(lines(drawn(def, state('k')))).toEqual(["1 heading 'Captcha'", "2 text 'k 9 x'", "3 textbox 'Answer' = \"k\"", "4 button 'Submit'"]);
    expect(lines(drawn(def, state('', '')))).toEqual(["1 text 'k 9 x'", "2 textbox 'Answer' = \"\"", "3 button 'Submit'"]);
  });

  it('the field takes any text; Submit succeeds only with the text exactly; progress 0.5 with it typed', () => {
    const env = envWith(textTransform, state());
    expect(env.step('fill(3, "k 9 x")').info.progress).toBe(0);
    expect(env.state.value).toBe('k 9 x');
    expect(env.step('fill(3, "k9x")').info.progress).toBe(0.5);
    expect(env.step('click(4)')).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    expect(envWith(textTransform, state('K9X')).step('click(4)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(def.progress(state('K9X'))).toBe(0);
  });

  it('the expert types the text, then submits; 4 turns', () => {
    const env = envWith(textTransform, state('k9'));
    expect(textTransform.expert(env)).toBe('fill(3, "k9x")');
    env.step('fill(3, "k9x")');
    expect(textTransform.expert(env)).toBe('click(4)');
    const slow = envWith(textTransform, state());
    for (let t = 1; t < 4; t++) expect(slow.step('click(2)').truncated).toBe(false);
    expect(slow.step('click(2)')).toMatchObject({ terminated: false, truncated: true });
  });
});
