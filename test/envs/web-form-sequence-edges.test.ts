// Edge cases of the form-sequence family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (the number and box redrawn until the goal is in the split, the frame, the slider's place and start), the
// rules over seeds, the page drawn with the slider before and after the boxes, the slider's bounds and refusals, the
// boxes, Submit right and wrong, progress, the expert at each stage, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { formSequence } from '../../src/envs/web/form-sequence';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/form-sequence';

const def = defOf<State>(formSequence);
const train = poolsOf('train');
const test = poolsOf('test');

/** Slider -3..3 at 0 after two boxes; the goal 2 and the 2nd box. */
const state = (o: Partial<State> = {}): State => ({
  min: -3, max: 3, slider: 0, checked: [false, false], want: 2, box: 1, slidersFirst: false, frame: { heading: 'Settings', note: 'All fields are required' }, ...o,
});

describe('form-sequence: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(formSequence).toMatchObject({ id: 'form-sequence', suite: 'web', family: 'form-sequence', maxTurns: 6, miniwob: 'form-sequence' });
    expect(formSequence.description).toBe('Set the slider to a number, tick the checkbox at a position, then click Submit.');
    expect(formSequence.lesson).toBeUndefined();
    expect(formSequence.instanceKey).toBeUndefined();
    expect(formSequence.options).toEqual([
      { name: 'boxes', doc: 'unlabelled checkboxes', kind: 'int', default: 3, min: 2, max: 6 },
      { name: 'range', doc: 'the slider runs from -range to range', kind: 'int', default: 10, min: 3, max: 50 },
    ]);
    expect(formSequence.levels).toEqual([{ boxes: 2, range: 5 }, { boxes: 3, range: 10 }, { boxes: 4, range: 20 }, { boxes: 6, range: 50 }]);
  });
});

describe('form-sequence: init on a scripted stream', () => {
  it('the frames (heading x note, 4 x 3) of each split', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((v) => layoutOf(scripted([v]), train, 'form-sequence', 12))).toEqual([10, 7, 2, 5, 11, 8, 4, 1, 3]);
    expect([0, 1, 2].map((v) => layoutOf(scripted([v]), test, 'form-sequence', 12))).toEqual([0, 6, 9]);
  });

  it('train: a goal of the split (a test goal redrawn), frame 10, the slider first at a drawn start', () => {
    const goal = (want: number, nth: string) => `Select ${want} with the slider, click the ${nth} checkbox, then hit Submit.`;
    expect([inSplit(goal(-3, '1st'), 'test'), inSplit(goal(-2, '3rd'), 'train')]).toEqual([true, true]);
    // -3 + 0, box 0: a test goal; -3 + 1, box 2; frame 10: heading 2, note 2; 0.3 < 0.5: slider first; start -3 + 6
    const rng = scripted([0, 0, 1, 2, 0, 0.3, 6]);
    const r = def.init(rng, { boxes: 3, range: 3 }, train);
    expect(r.goal).toBe(goal(-2, '3rd'));
    expect(r.state).toEqual({
      min: -3, max: 3, slider: 3, checked: [false, false, false], want: -2, box: 2, slidersFirst: true,
      frame: { heading: 'Quick survey', note: 'You can change these later' },
    });
    expect(rng.asked).toEqual(['int(7)', 'int(3)', 'int(7)', 'int(3)', 'int(9)', 'next', 'int(7)']);
    expect(rng.left).toEqual([]);
  });

  it('test: a test goal at once, frame 9, the slider after the boxes on 0.5', () => {
    // -3 + 4 = 1, box 1 (a test goal); frame 9: heading 1, note 2; start -3 + 3
    const rng = scripted([4, 1, 2, 0.5, 3]);
    const r = def.init(rng, { boxes: 2, range: 3 }, test);
    expect(r.goal).toBe('Select 1 with the slider, click the 2nd checkbox, then hit Submit.');
    expect(r.state).toEqual({
      min: -3, max: 3, slider: 0, checked: [false, false], want: 1, box: 1, slidersFirst: false,
      frame: { heading: 'Preferences', note: 'You can change these later' },
    });
    expect(rng.asked).toEqual(['int(7)', 'int(2)', 'int(3)', 'next', 'int(7)']);
  });
});

describe('form-sequence: over seeds', () => {
  it('goals of the split, numbers and boxes in range, both slider places, frames split 3 / 9', () => {
    const frames = { train: new Set<string>(), test: new Set<string>() };
    for (const split of ['train', 'test'] as const) {
      const places = new Set<boolean>();
      const boxes = new Set<number>();
      for (let seed = 0; seed < 80; seed++) {
        const env = formSequence.create();
        env.reset({ seed, split, options: { boxes: 3, range: 4 } });
        const s = (env as unknown as { state: State }).state;
        expect(inSplit(env.goal, split)).toBe(true);
        expect([s.min, s.max, s.checked]).toEqual([-4, 4, [false, false, false]]);
        for (const v of [s.want, s.slider]) expect(Math.abs(v)).toBeLessThanOrEqual(4);
        boxes.add(s.box);
        places.add(s.slidersFirst);
        frames[split].add(`${s.frame.heading}|${s.frame.note}`);
      }
      expect([...boxes].sort()).toEqual([0, 1, 2]);
      expect([...places].sort()).toEqual([false, true]);
    }
    expect([...frames.test].sort()).toEqual(['Preferences|You can change these later', 'Quick survey|All fields are required', '|'].sort());
    expect(frames.train.size).toBe(9);
    for (const f of frames.test) expect(frames.train.has(f)).toBe(false);
  });
});

describe('form-sequence: the page and its handlers', () => {
  it('draws the heading, the boxes and the slider in either order, Submit, then the note', () => {
    expect(lines(drawn(def, state({ checked: [false, true] })))).toEqual([
      "1 heading 'Settings'",
      "2 checkbox '' []",
      "3 checkbox '' [checked]",
      "4 slider '-3 to 3' = \"0\"",
      "5 button 'Submit'",
      "6 text 'All fields are required'",
    ]);
    expect(lines(drawn(def, state({ slidersFirst: true, slider: -2, frame: { heading: '', note: '' } })))).toEqual([
      "1 slider '-3 to 3' = \"-2\"",
      "2 checkbox '' []",
      "3 checkbox '' []",
      "4 button 'Submit'",
    ]);
  });

  it('the slider takes a whole number from min to max, spaces trimmed; anything else is refused and changes nothing', () => {
    const env = envWith(formSequence, state());
    for (const [text, value] of [['3', 3], ['-3', -3], [' 2 ', 2], ['1', 1]] as const) {
      expect(env.step(`fill(4, "${text}")`).info.lastActionError, text).toBeUndefined();
      expect(env.state.slider).toBe(value);
    }
    const refused = new Map([
      ['4', "fill(4, \"4\"): the slider takes a whole number from -3 to 3, not '4'"],
      ['-4', "fill(4, \"-4\"): the slider takes a whole number from -3 to 3, not '-4'"],
      ['1.5', "fill(4, \"1.5\"): the slider takes a whole number from -3 to 3, not '1.5'"],
      ['+2', "fill(4, \"+2\"): the slider takes a whole number from -3 to 3, not '+2'"],
      ['x2', "fill(4, \"x2\"): the slider takes a whole number from -3 to 3, not 'x2'"],
      ['2x', "fill(4, \"2x\"): the slider takes a whole number from -3 to 3, not '2x'"],
      ['', "fill(4, \"\"): the slider takes a whole number from -3 to 3, not ''"],
    ]);
    for (const [text, error] of refused) {
      const r = envWith(formSequence, state({ slider: 1 })).step(`fill(4, "${text}")`);
      expect(r.info.lastActionError, text).toBe(error);
      expect(r.terminated).toBe(false);
    }
    // two-digit numbers, on a wider slider
    const wide = envWith(formSequence, state({ min: -20, max: 20 }));
    for (const [text, value] of [['10', 10], ['-20', -20]] as const) {
      expect(wide.step(`fill(4, "${text}")`).info.lastActionError).toBeUndefined();
      expect(wide.state.slider).toBe(value);
    }
    const e = envWith(formSequence, state({ slider: 1 }));
    e.step('fill(4, "9")');
    expect(e.state.slider).toBe(1);
  });

  it('check and click toggle a box; the note and heading do nothing', () => {
    const env = envWith(formSequence, state());
    env.step('check(3)');
    expect(env.state.checked).toEqual([false, true]);
    env.step('click(3)');
    expect(env.state.checked).toEqual([false, false]);
    env.step('click(2)');
    expect(env.state.checked).toEqual([true, false]);
    expect(env.step('click(6)').info.lastActionError).toBe("click(6): element 6 (text 'All fields are required') cannot be clicked");
  });

  it('Submit succeeds only with the slider at the number and exactly the named box ticked', () => {
    const cases: [Partial<State>, boolean][] = [
      [{ slider: 2, checked: [false, true] }, true],
      [{ slider: 1, checked: [false, true] }, false],
      [{ slider: 2, checked: [true, true] }, false],
      [{ slider: 2, checked: [true, false] }, false],
      [{ slider: 2, checked: [false, false] }, false],
    ];
    for (const [o, success] of cases) {
      const r = envWith(formSequence, state(o)).step('click(5)');
      expect(r, JSON.stringify(o)).toMatchObject({ terminated: true, reward: success ? 1 : 0, info: { success } });
    }
  });

  it('progress: 0.45 for the slider, 0.45 for the boxes, 1 once submitted', () => {
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ slider: 2 }))).toBe(0.45);
    expect(def.progress(state({ checked: [false, true] }))).toBe(0.45);
    expect(def.progress(state({ slider: 2, checked: [false, true] }))).toBe(0.9);
    expect(def.progress(state({ slider: 2, checked: [true, true] }))).toBe(0.45);
    expect(envWith(formSequence, state({ slider: 2, checked: [false, true] })).step('click(5)').info.progress).toBe(1);
  });

  it('the expert sets the slider, then fixes the first wrong box, one by one, then submits', () => {
    const env = envWith(formSequence, state({ checked: [true, false], slidersFirst: true }));
    expect(formSequence.expert(env)).toBe('fill(2, "2")');
    env.step('fill(2, "2")');
    expect(formSequence.expert(env)).toBe('check(3)');
    env.step('check(3)');
    expect(formSequence.expert(env)).toBe('check(4)');
    env.step('check(4)');
    expect(formSequence.expert(env)).toBe('click(5)');
    expect(env.step('click(5)')).toMatchObject({ terminated: true, reward: 1 });
    expect(formSequence.expert(envWith(formSequence, state({ slider: 2, checked: [false, false] })))).toBe('check(3)');
    expect(formSequence.expert(envWith(formSequence, state({ want: -1 })))).toBe('fill(4, "-1")');
  });

  it('ends the episode after 6 turns, truncated', () => {
    const env = envWith(formSequence, state());
    for (let t = 1; t < 6; t++) expect(env.step('check(2)').truncated).toBe(false);
    expect(env.step('check(2)')).toMatchObject({ terminated: false, truncated: true });
  });
});
