// Edge cases of the find-word family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (the paragraph's length, words and sentence ends, a goal of the split: phrasing and position, the layout),
// every phrasing, label and heading over seeds, the page drawn, Submit and progress on the bare word, the expert
// and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { findWord, type State } from '../../src/envs/web/find-word';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';


const def = defOf<State>(findWord);
const train = poolsOf('train');
const test = poolsOf('test');
const state = (value = '', heading = 'Quiz'): State => ({ words: ['Lorem', 'ipsum,', 'dolor.', 'Sit', 'amet.'], target: 1, label: 'Word', heading, value });

describe('find-word: the family', () => {
  it('says what it is, its turn limit, options and levels; keyed by goal and page', () => {
    expect(findWord).toMatchObject({ id: 'find-word', suite: 'web', family: 'find-word', maxTurns: 4, miniwob: 'find-word', instanceKey: 'goal+observation' });
    expect(findWord.description).toBe('Type the n-th word of the paragraph into the textbox and press Submit.');
    expect(findWord.options).toEqual([{ name: 'words', doc: 'longest paragraph, in words (shortest is 6)', kind: 'int', default: 15, min: 6, max: 30 }]);
    expect(findWord.levels).toEqual([{ words: 8 }, { words: 15 }, { words: 30 }]);
  });
});

describe('find-word: init on a scripted stream', () => {
  // A goal choice i is phrasing i % 6 about word i / 6 + 1.
  it('six words ending sentences where the coin says, goal choice 0 of train\'s 25, layout 4', () => {
    expect([0, 1].map((v) => layoutOf(scripted([v]), train, 'find-word', 12))).toEqual([1, 4]);
    // lorem words 0-3 are abbas, abduco, abscido, absens; sentence ends after word 2 (0.1 < 0.2) and at the last
    const rng = scripted([0, 0, 1, 2, 3, 0, 1, 0.5, 0.1, 0.9, 0.9, 0.3, 0, 1]);
    const { goal, state } = def.init(rng, { words: 6 }, train);
    expect(goal).toBe('Find the 1st word in the paragraph, type that into the textbox and press "Submit".');
    // layout 4 = label 1 (Answer) + 3 x heading 1 (Paragraph)
    expect(state).toEqual({ words: ['Abbas', 'abduco.', 'Abscido', 'absens', 'abbas', 'abduco.'], target: 0, label: 'Answer', heading: 'Paragraph', value: '' });
    expect(rng.asked).toEqual(['int(1)', ...Array(6).fill('int(690)'), ...Array(5).fill('next'), 'int(25)', 'int(9)']);
  });

  it("the test split: choice 7 (phrasing 1, the 2nd word) of 11, layout 10; eight words at most", () => {
    expect([0, 1].map((v) => layoutOf(scripted([v]), test, 'find-word', 12))).toEqual([10, 0]);
    let rng = scripted([0, 0, 1, 0, 1, 0, 1, 0.9, 0.9, 0.9, 0.9, 0.9, 1, 0]);
    let r = def.init(rng, { words: 6 }, test);
    expect(r.goal).toBe('Type the 2nd word of the paragraph into the textbox and press Submit.');
    // layout 10 = label 1 (Answer) + 3 x heading 3 (Quiz)
    expect(r.state).toEqual({ words: ['Abeo', 'absorbeo', 'abeo', 'absorbeo', 'abeo', 'absorbeo.'], target: 1, label: 'Answer', heading: 'Quiz', value: '' });
    expect(rng.asked.slice(-2)).toEqual(['int(11)', 'int(3)']);
    // words 8: 6 + 2 = eight words; layout 0: no label, no heading
    rng = scripted([2, ...Array(8).fill(0), ...Array(7).fill(0.9), 0, 1]);
    r = def.init(rng, { words: 8 }, test);
    expect(r.state).toMatchObject({ label: '', heading: '' });
    expect(r.state.words).toHaveLength(8);
    expect(rng.asked[0]).toBe('int(3)');
  });
});

describe('find-word: over seeds', () => {
  it('every phrasing, label and heading in play; the target a word of the paragraph; words of the split', () => {
    const phrasings = new Set<string>();
    const labels = new Set<string>();
    const headings = new Set<string>();
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 120; seed++) {
        const env = findWord.create();
        env.reset({ seed, split, options: { words: 8 } });
        const s = (env as unknown as { state: State }).state;
        expect(s.words.length).toBeGreaterThanOrEqual(6);
        expect(s.words.length).toBeLessThanOrEqual(8);
        expect(s.target).toBeLessThan(s.words.length);
        for (const w of s.words) expect(inSplit(w.replace('.', '').toLowerCase(), split)).toBe(true);
        phrasings.add(env.goal.split(' ')[0]);
        labels.add(s.label);
        headings.add(s.heading);
      }
    }
    expect([...phrasings].sort()).toEqual(['Copy', 'Enter', 'Find', 'Read', 'Type', 'What']);
    expect([...labels].sort()).toEqual(['', 'Answer', 'Word']);
    expect([...headings].sort()).toEqual(['', 'Paragraph', 'Quiz', 'Read this']);
  });
});

describe('find-word: the page and its handlers', () => {
  it('draws the heading, the paragraph, the field and Submit; no heading when there is none', () => {
    expect(lines(drawn(def, state('x')))).toEqual(["1 heading 'Quiz'", "2 text 'Lorem ipsum, dolor. Sit amet.'", "3 textbox 'Word' = \"x\"", "4 button 'Submit'"]);
    expect(lines(drawn(def, state('', '')))).toEqual(["1 text 'Lorem ipsum, dolor. Sit amet.'", "2 textbox 'Word' = \"\"", "3 button 'Submit'"]);
  });

  it('Submit compares letters and digits only, case kept; progress 0.5 with the word typed', () => {
    for (const [value, success] of [['ipsum', true], ['ipsum,', true], [' ipsum!', true], ['Ipsum', false], ['ipsu', false], ['', false]] as const) {
      expect(envWith(findWord, state(value)).step('click(4)'), value).toMatchObject({ terminated: true, reward: success ? 1 : 0, info: { success } });
      expect(def.progress(state(value))).toBe(success ? 0.5 : 0);
    }
  });

  it('the field takes the text; the expert types the bare word, then submits; 4 turns', () => {
    const env = envWith(findWord, state('Ipsum'));
    expect(findWord.expert(env)).toBe('fill(3, "ipsum")');
    expect(env.step('fill(3, "ipsum")').info.progress).toBe(0.5);
    expect(env.state.value).toBe('ipsum');
    expect(findWord.expert(env)).toBe('click(4)');
    const slow = envWith(findWord, state());
    for (let t = 1; t < 4; t++) expect(slow.step('click(2)').truncated).toBe(false);
    expect(slow.step('click(2)')).toMatchObject({ terminated: false, truncated: true });
  });
});
