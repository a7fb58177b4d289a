// Edge cases of the copy-paste-2 family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (each area's filler sentences, the goal's phrasing and position, the answer's label and place), the rules
// over seeds, the page drawn with the answer before and after the areas, fill and Submit right and wrong, progress,
// the expert at each stage, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { LOREM_WORDS } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { copyPaste2 } from '../../src/envs/web/copy-paste-2';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/copy-paste-2';

const def = defOf<State>(copyPaste2);
const train = poolsOf('train');
const test = poolsOf('test');

const state = (o: Partial<State> = {}): State => ({ areas: ['Ab cd.', 'Ef gh.'], target: 1, answerLabel: 'Answer', answerFirst: false, value: '', ...o });

describe('copy-paste-2: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(copyPaste2).toMatchObject({ id: 'copy-paste-2', suite: 'web', family: 'copy-paste-2', maxTurns: 4, miniwob: 'copy-paste-2', instanceKey: 'goal+observation' });
    expect(copyPaste2.description).toBe('Copy the text of the text area named by position into the text input and press Submit.');
    expect(copyPaste2.lesson).toBeUndefined();
    expect(copyPaste2.options).toEqual([{ name: 'areas', doc: 'text areas on the page', kind: 'int', default: 3, min: 2, max: 5 }]);
    expect(copyPaste2.levels).toEqual([{ areas: 2 }, { areas: 3 }, { areas: 5 }]);
  });
});

describe('copy-paste-2: init on a scripted stream', () => {
  // The layouts (label x place, 4 x 2): train's first is 7 (label 3 Text, answer first), its third 0 (no label, after
  // the areas); test's are 3 (Text, after) and 4 (no label, first).
  it('the layouts of each split', () => {
    expect([0, 1, 2, 3, 4, 5].map((v) => layoutOf(scripted([v]), train, 'copy-paste-2', 8))).toEqual([7, 2, 0, 5, 6, 1]);
    expect([0, 1].map((v) => layoutOf(scripted([v]), test, 'copy-paste-2', 8))).toEqual([3, 4]);
  });

  it('train, two areas: six or ten filler words each, a goal of the split (2nd area), answer Text first', () => {
    expect(train.words(LOREM_WORDS).slice(0, 6)).toEqual(['abbas', 'abduco', 'abscido', 'absens', 'absque', 'abstergo']);
    // area 1: 6 words (0..5), a sentence ends after the 2nd (chance 0.1 < 0.2); area 2: 10 words, all word 0, one sentence
    const first = [0, 0, 1, 2, 3, 4, 5, 0.5, 0.1, 0.5, 0.5, 0.5];
    const second = [4, ...Array(10).fill(0), ...Array(9).fill(0.9)];
    // the train goals of two positions are 0-6 and 8-11 (phrasing i % 8, position i / 8): index 8 is 9
    const rng = scripted([...first, ...second, 8, 0]);
    const { goal, state } = def.init(rng, { areas: 2 }, train);
    expect(goal).toBe('Copy the 2nd text area into the text input and press Submit.');
    expect(state).toEqual({
      areas: ['Abbas abduco. Abscido absens absque abstergo.', `Abbas ${Array(9).fill('abbas').join(' ')}.`],
      target: 1,
      answerLabel: 'Text',
      answerFirst: true,
      value: '',
    });
    expect(rng.asked).toEqual([
      'int(5)', ...Array(6).fill('int(690)'), ...Array(5).fill('next'),
      'int(5)', ...Array(10).fill('int(690)'), ...Array(9).fill('next'),
      'int(11)', 'int(6)',
    ]);
    expect(rng.left).toEqual([]);
  });

  it('test, three areas: the goals of the test split, the answer after the areas or first without a label', () => {
    const area = [0, 0, 0, 0, 0, 0, 0, 0.9, 0.9, 0.9, 0.9, 0.9];
    // test goals of three positions: 7, 12-15, 22, 23; index 6 is 23 (phrasing 7 at the 3rd area)
    let rng = scripted([...area, ...area, ...area, 6, 0]);
    let r = def.init(rng, { areas: 3 }, test);
    expect(r.goal).toBe('Fill the text input with the text of the 3rd text area and press Submit.');
    expect(r.state).toMatchObject({ areas: Array(3).fill('Abeo abeo abeo abeo abeo abeo.'), target: 2, answerLabel: 'Text', answerFirst: false });
    expect(rng.asked.slice(-2)).toEqual(['int(7)', 'int(2)']);
    // index 0 is 7: the 1st area; layout 4
    rng = scripted([...area, ...area, 0, 1]);
    r = def.init(rng, { areas: 2 }, test);
    expect(r.goal).toBe('Fill the text input with the text of the 1st text area and press Submit.');
    expect(r.state).toMatchObject({ target: 0, answerLabel: '', answerFirst: true });
    expect(rng.asked.slice(-2)).toEqual(['int(5)', 'int(2)']);
  });

  it('every goal of each split for two areas, in the order drawn: phrasing i % 8 at area i / 8', () => {
    const area = [0, 0, 0, 0, 0, 0, 0, 0.9, 0.9, 0.9, 0.9, 0.9];
    const goals = (split: 'train' | 'test', count: number) =>
      [...Array(count).keys()].map((v) => def.init(scripted([...area, ...area, v, 0]), { areas: 2 }, poolsOf(split)).goal);
    expect(goals('train', 11)).toEqual([
      'Copy the text from the 1st text area below and paste it into the text input, then press Submit.',
      'Copy the 1st text area into the text input and press Submit.',
      'Paste the text of the 1st text area into the input, then press Submit.',
      'Take the text in the 1st text area, put it in the text input and press Submit.',
      'Copy what the 1st text area says into the input field and click Submit.',
      'Duplicate the 1st text area in the text input, then press Submit.',
      'Put the contents of the 1st text area into the text input and press Submit.',
      'Copy the text from the 2nd text area below and paste it into the text input, then press Submit.',
      'Copy the 2nd text area into the text input and press Submit.',
      'Paste the text of the 2nd text area into the input, then press Submit.',
      'Take the text in the 2nd text area, put it in the text input and press Submit.',
    ]);
    expect(goals('test', 5)).toEqual([
      'Fill the text input with the text of the 1st text area and press Submit.',
      'Copy what the 2nd text area says into the input field and click Submit.',
      'Duplicate the 2nd text area in the text input, then press Submit.',
      'Put the contents of the 2nd text area into the text input and press Submit.',
      'Fill the text input with the text of the 2nd text area and press Submit.',
    ]);
  });

  it('train layout 2: the label Paste here, after the areas', () => {
    const area = [0, 0, 0, 0, 0, 0, 0, 0.9, 0.9, 0.9, 0.9, 0.9];
    const r = def.init(scripted([...area, ...area, 0, 1]), { areas: 2 }, train);
    expect(r.goal).toBe('Copy the text from the 1st text area below and paste it into the text input, then press Submit.');
    expect(r.state).toMatchObject({ target: 0, answerLabel: 'Paste here', answerFirst: false });
  });
});

describe('copy-paste-2: over seeds', () => {
  it('as many areas as asked, 6-10 words of the split each, goals of the split, every position and label', () => {
    for (const split of ['train', 'test'] as const) {
      const targets = new Set<number>();
      const labels = new Set<string>();
      const places = new Set<boolean>();
      for (let seed = 0; seed < 80; seed++) {
        const env = copyPaste2.create();
        env.reset({ seed, split, options: { areas: 3 } });
        const s = (env as unknown as { state: State }).state;
        expect(inSplit(env.goal, split)).toBe(true);
        expect(s.areas).toHaveLength(3);
        for (const a of s.areas) {
          const words = a.split(' ');
          expect(words.length).toBeGreaterThanOrEqual(6);
          expect(words.length).toBeLessThanOrEqual(10);
          expect(a.endsWith('.')).toBe(true);
          for (const w of words) expect(inSplit(w.replace('.', ''), split)).toBe(true);
        }
        targets.add(s.target);
        labels.add(s.answerLabel);
        places.add(s.answerFirst);
      }
      expect([...targets].sort()).toEqual([0, 1, 2]);
      expect([...places].sort()).toEqual([false, true]);
      expect([...labels].sort()).toEqual(split === 'test' ? ['', 'Text'] : ['', 'Answer', 'Paste here', 'Text']);
    }
  });
});

describe('copy-paste-2: the page and its handlers', () => {
  it('draws the areas, then the answer, then Submit; or the answer first', () => {
    expect(lines(drawn(def, state({ value: 'x' })))).toEqual([
      "1 textbox '' = \"Ab cd.\"",
      "2 textbox '' = \"Ef gh.\"",
      "3 textbox 'Answer' = \"x\"",
      "4 button 'Submit'",
    ]);
    expect(lines(drawn(def, state({ answerFirst: true, answerLabel: '' })))).toEqual([
      "1 textbox '' = \"\"",
      "2 textbox '' = \"Ab cd.\"",
      "3 textbox '' = \"Ef gh.\"",
      "4 button 'Submit'",
    ]);
  });

  it('fill writes the answer, or an area it names', () => {
    const env = envWith(copyPaste2, state({ answerFirst: true }));
    expect(env.step('fill(1, "Ef gh.")').info.lastActionError).toBeUndefined();
    expect(env.state.value).toBe('Ef gh.');
    env.step('fill(2, "zz")');
    expect(env.state.areas).toEqual(['zz', 'Ef gh.']);
    expect(env.step('click(1)').info.lastActionError).toBe("click(1): element 1 (textbox 'Answer') cannot be clicked");
  });

  it('Submit succeeds with the named area, spaces around either trimmed; anything else fails for good', () => {
    const cases: [Partial<State>, boolean][] = [
      [{ value: 'Ef gh.' }, true],
      [{ value: '  Ef gh. ' }, true],
      [{ value: 'Ef gh.', areas: ['Ab cd.', ' Ef gh.  '] }, true],
      [{ value: 'Ab cd.' }, false],
      [{ value: 'Ef gh' }, false],
      [{ value: '' }, false],
    ];
    for (const [o, success] of cases) {
      const r = envWith(copyPaste2, state(o)).step('click(4)');
      expect(r, JSON.stringify(o)).toMatchObject({ terminated: true, reward: success ? 1 : 0, info: { success } });
    }
  });

  it('progress: 0.5 once the answer holds the named area (trimmed), 1 once submitted', () => {
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ value: 'Ab cd.' }))).toBe(0);
    expect(def.progress(state({ value: ' Ef gh. ' }))).toBe(0.5);
    expect(def.progress(state({ value: 'Ef gh.', areas: ['Ab cd.', 'Ef gh. '] }))).toBe(0.5);
    expect(envWith(copyPaste2, state({ value: 'Ef gh.' })).step('click(4)').info.progress).toBe(1);
  });

  it('the expert fills the answer, wherever it is, then submits', () => {
    let env = envWith(copyPaste2, state());
    expect(copyPaste2.expert(env)).toBe('fill(3, "Ef gh.")');
    env.step('fill(3, "Ef gh.")');
    expect(copyPaste2.expert(env)).toBe('click(4)');
    env = envWith(copyPaste2, state({ answerFirst: true, target: 0, value: 'Ef gh.' }));
    expect(copyPaste2.expert(env)).toBe('fill(1, "Ab cd.")');
    env = envWith(copyPaste2, state({ areas: ['a', 'b', 'c'], target: 2, value: ' c ' }));
    expect(copyPaste2.expert(env)).toBe('click(5)');
    // the area's own spaces trimmed too
    env = envWith(copyPaste2, state({ areas: ['a', ' b  '], value: 'b' }));
    expect(copyPaste2.expert(env)).toBe('click(4)');
  });

  it('ends the episode after 4 turns, truncated', () => {
    const env = envWith(copyPaste2, state());
    for (let t = 1; t < 4; t++) expect(env.step('fill(3, "z")').truncated).toBe(false);
    expect(env.step('fill(3, "z")')).toMatchObject({ terminated: false, truncated: true });
  });
});
