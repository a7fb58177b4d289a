// Edge cases of the use-spinner family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (a goal of the split: phrasing and value 0, 1, -1, 2, ... by position, the layout: label, heading and which
// button comes first), every value of the range and every label and heading over seeds, the page drawn, the spinner
// refusing typing, the buttons stepping and shut at the range's ends, Submit, progress, the expert and the turn
// limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { useSpinner, type State } from '../../src/envs/web/use-spinner';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';


const def = defOf<State>(useSpinner);
const train = poolsOf('train');
const test = poolsOf('test');
const state = (value = 0, upFirst = true, heading = 'Order'): State => ({ target: 1, value, range: 2, label: 'Amount', heading, upFirst });

describe('use-spinner: the family', () => {
  it('says what it is, its turn limit, options and levels; keyed by goal and page', () => {
    expect(useSpinner).toMatchObject({ id: 'use-spinner', suite: 'web', family: 'use-spinner', maxTurns: 24, miniwob: 'use-spinner', instanceKey: 'goal+observation' });
    expect(useSpinner.description).toBe('Step a number spinner up or down to the given value (it takes no typing) and press Submit.');
    expect(useSpinner.options).toEqual([{ name: 'range', doc: 'values run from -range to range', kind: 'int', default: 10, min: 2, max: 20 }]);
    expect(useSpinner.levels).toEqual([{ range: 3 }, { range: 10 }, { range: 20 }]);
  });
});

describe('use-spinner: init on a scripted stream', () => {
  // Goal choice i is phrasing i % 4 about position i / 4, whose value is 0, 1, -1, 2, -2, ...; a layout's number
  // decodes label (of 12), heading (8), then up first (2).
  it('train holds 16 of range 2\'s 20 goals (0, 2, 3, 4, ...): the 4th is choice 4, value 1; layout 154', () => {
    expect([0, 1].map((v) => layoutOf(scripted([v]), train, 'use-spinner', 192))).toEqual([154, 97]);
    let rng = scripted([3, 0]);
    const { goal, state } = def.init(rng, { range: 2 }, train);
    expect(goal).toBe('Select 1 with the spinner and hit Submit.');
    // 154 = label 10 (Points) + 12 x (heading 4 (Options) + 8 x 1)
    expect(state).toEqual({ target: 1, value: 0, range: 2, label: 'Points', heading: 'Options', upFirst: true });
    expect(rng.asked).toEqual(['int(16)', 'int(144)']);
    // 97 = label 1 (Quantity) + 12 x (heading 0 + 8 x 1)
    rng = scripted([1, 1]);
    expect(def.init(rng, { range: 2 }, train).state).toMatchObject({ label: 'Quantity', heading: '', upFirst: true });
  });

  it('the test split: its 4 goals 1, 7, 9, 14 (values 0, 1, -1, 2); layouts 136 and 64', () => {
    expect([0, 1].map((v) => layoutOf(scripted([v]), test, 'use-spinner', 192))).toEqual([136, 64]);
    let rng = scripted([2, 0]);
    let r = def.init(rng, { range: 2 }, test);
    expect(r.goal).toBe('Use the spinner to choose -1, then press Submit.');
    // 136 = label 4 (Count) + 12 x (heading 3 (Preferences) + 8 x 1)
    expect(r.state).toEqual({ target: -1, value: 0, range: 2, label: 'Count', heading: 'Preferences', upFirst: true });
    expect(rng.asked).toEqual(['int(4)', 'int(48)']);
    rng = scripted([3, 1]);
    r = def.init(rng, { range: 2 }, test);
    expect(r.goal).toBe('Set the spinner to 2 and click Submit.');
    // 64 = label 4 (Count) + 12 x (heading 5 (Adjust) + 8 x 0)
    expect(r.state).toMatchObject({ target: 2, label: 'Count', heading: 'Adjust', upFirst: false });
    r = def.init(scripted([1, 0]), { range: 2 }, test);
    expect(r.goal).toBe('Spin the value to 1 and hit Submit.');
    expect(r.state.target).toBe(1);
  });
});

describe('use-spinner: a range below 0', () => {
  it('has no goal to draw, and says so by its goals\' name', () => {
    // range -1: 2 x -1 + 1 = -1 positions, so none of 4 x -1 choices
    expect(() => def.init(scripted([0, 0]), { range: -1 }, train)).toThrow('use-spinner goals: none of its -4 choices is in the train split');
  });
});

describe('use-spinner: over seeds', () => {
  it('every value of -3..3 a target, named in the goal; every label and heading; both button orders', () => {
    const targets = new Set<number>();
    const labels = new Set<string>();
    const headings = new Set<string>();
    const orders = new Set<boolean>();
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 200; seed++) {
        const env = useSpinner.create();
        env.reset({ seed, split, options: { range: 3 } });
        const s = (env as unknown as { state: State }).state;
        expect(env.goal).toMatch(new RegExp(` ${s.target === 0 ? 0 : s.target}[ ,]`));
        expect(s).toMatchObject({ value: 0, range: 3 });
        targets.add(s.target === 0 ? 0 : s.target);
        labels.add(s.label);
        headings.add(s.heading);
        orders.add(s.upFirst);
      }
    }
    expect([...targets].sort((a, b) => a - b)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    expect([...labels].sort()).toEqual(['Amount', 'Count', 'Level', 'Number', 'Offset', 'Points', 'Quantity', 'Score', 'Select a value:', 'Steps', 'Units', 'Value']);
    expect([...headings].sort()).toEqual(['', 'Adjust', 'Counter', 'Options', 'Order', 'Preferences', 'Settings', 'Setup']);
    expect([...orders].sort()).toEqual([false, true]);
  });
});

describe('use-spinner: the page and its handlers', () => {
  it('draws the heading, the spinner, up and down in the layout\'s order, Submit', () => {
    expect(lines(drawn(def, state()))).toEqual([
      "1 heading 'Order'", "2 spinbutton 'Amount' = \"0\"", "3 button 'up' depth 1 []", "4 button 'down' depth 1 []", "5 button 'Submit'",
    ]);
    expect(lines(drawn(def, state(-2, false, '')))).toEqual([
      "1 spinbutton 'Amount' = \"-2\"", "2 button 'down' depth 1 [disabled]", "3 button 'up' depth 1 []", "4 button 'Submit'",
    ]);
    expect(lines(drawn(def, state(2))).slice(2, 4)).toEqual(["3 button 'up' depth 1 [disabled]", "4 button 'down' depth 1 []"]);
  });

  it('the spinner takes no typing; up and down step by one and stop at the ends', () => {
    const env = envWith(useSpinner, state());
    expect(env.step('fill(2, "1")').info.lastActionError).toBe('fill(2, "1"): the spinner takes no typing; use its up and down buttons');
    expect(env.state.value).toBe(0);
    env.step('click(3)');
    env.step('click(3)');
    expect(env.state.value).toBe(2);
    expect(env.step('click(3)').info.lastActionError).toBe("click(3): element 3 (button 'up') is disabled");
    expect(env.state.value).toBe(2);
    env.step('click(4)');
    expect(env.state.value).toBe(1);
  });

  it('Submit succeeds only at the target; progress falls by 0.9 / (2 range) a step away', () => {
    expect(envWith(useSpinner, state(1)).step('click(5)')).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    expect(envWith(useSpinner, state(0)).step('click(5)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(def.progress(state(1))).toBeCloseTo(0.9, 12);
    expect(def.progress(state(0))).toBeCloseTo(0.675, 12);
    expect(def.progress(state(2))).toBeCloseTo(0.675, 12);
    expect(def.progress(state(-2))).toBeCloseTo(0.225, 12);
  });

  it('the expert steps towards the target, then submits', () => {
    const env = envWith(useSpinner, state(-2, false));
    // heading 1, spinner 2, down 3, up 4
    expect(useSpinner.expert(env)).toBe('click(4)');
    const up = envWith(useSpinner, { ...state(2), target: -1 });
    expect(useSpinner.expert(up)).toBe('click(4)');
    up.step('click(4)');
    up.step('click(4)');
    expect(useSpinner.expert(up)).toBe('click(4)');
    up.step('click(4)');
    expect(useSpinner.expert(up)).toBe('click(5)');
  });

  it('ends after 24 turns, truncated', () => {
    const env = envWith(useSpinner, state());
    for (let t = 1; t < 24; t++) expect(env.step('click(1)').truncated).toBe(false);
    expect(env.step('click(1)')).toMatchObject({ terminated: false, truncated: true });
  });
});
