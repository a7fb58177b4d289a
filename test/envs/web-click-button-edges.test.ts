// Edge cases of the click-button family (issue 21's mutation pass): its options and levels, init on a scripted
// random stream (the labels of each kind, the decoys' roles and words, the target, the shuffle), the contents over
// seeds, the page drawn, the right and a wrong button, text boxes among the buttons, progress, the expert and the
// turn limit. Values are worked out by hand from the family's rules.
import { describe, expect, it } from 'vitest';
import { LOREM_WORDS, VERB_WORDS } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { clickButton } from '../../src/envs/web/click-button';
import { BUTTON_WORDS } from '../../src/envs/words';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { Item, State } from '../../src/envs/web/click-button';

const def = defOf<State>(clickButton);
const train = poolsOf('train');
const test = poolsOf('test');

const button = (name: string): Item => ({ role: 'button', name, value: '' });
const state = (): State => ({ items: [button('Save'), { role: 'text', name: 'lorem ipsum', value: '' }, button('Open'), { role: 'textbox', name: 'dolor', value: 'x' }], target: 'Open' });

describe('click-button: the family', () => {
  it('says what it is, its turn limit, options and levels; it is a lesson', () => {
    expect(clickButton).toMatchObject({ id: 'click-button', suite: 'web', family: 'click-button', maxTurns: 3, miniwob: 'click-button', lesson: true });
    expect(clickButton.description).toBe('Click the button with the given label.');
    expect(clickButton.options).toEqual([
      { name: 'buttons', doc: 'buttons on the page', kind: 'int', default: 4, min: 2, max: 8 },
      { name: 'decoys', doc: 'lines of text and text boxes among the buttons', kind: 'int', default: 2, min: 0, max: 4 },
      { name: 'labels', doc: 'button labels: starter (24 everyday words) or verbs (hundreds)', kind: 'enum', default: 'verbs', values: ['starter', 'verbs'] },
    ]);
    expect(clickButton.levels).toEqual([
      { buttons: 3, decoys: 0, labels: 'starter' },
      { buttons: 4, decoys: 2, labels: 'starter' },
      { buttons: 4, decoys: 2, labels: 'verbs' },
      { buttons: 6, decoys: 3, labels: 'verbs' },
      { buttons: 8, decoys: 4, labels: 'verbs' },
    ]);
  });
});

describe('click-button: init on a scripted stream', () => {
  it('starter labels, a line of three words and a text box of one, the target, then the shuffle', () => {
    // labels 0, 1, 2 of train's starter words; decoy 1: chance 0.3 < 0.5, a line of lorem words 0, 1, 2;
    // decoy 2: chance 0.8, a text box of lorem word 3; target label 1 (Okay); shuffle of the five: swap 4 with 0,
    // 3 with 0, 2 with 0, 1 with 0 -> (Okay, Save, line, box, Cancel)
    const rng = scripted([0, 1, 2, 0.3, 0, 1, 2, 0.8, 3, 1, 0, 0, 0, 0]);
    const { goal, state } = def.init(rng, { buttons: 3, decoys: 2, labels: 'starter' }, train);
    expect(train.words(BUTTON_WORDS).slice(0, 3)).toEqual(['Cancel', 'Okay', 'Save']);
    expect(train.words(LOREM_WORDS).slice(0, 4)).toEqual(['abbas', 'abduco', 'abscido', 'absens']);
    expect(goal).toBe('Click on the "Okay" button.');
    expect(state).toEqual({
      items: [button('Okay'), button('Save'), { role: 'text', name: 'abbas abduco abscido', value: '' }, { role: 'textbox', name: 'absens', value: '' }, button('Cancel')],
      target: 'Okay',
    });
    const [words, lorem] = [train.words(BUTTON_WORDS).length, train.words(LOREM_WORDS).length];
    expect(rng.asked).toEqual([
      ...Array(3).fill(`int(${words})`), 'next', ...Array(3).fill(`int(${lorem})`), 'next', `int(${lorem})`, 'int(3)', 'int(5)', 'int(4)', 'int(3)', 'int(2)',
    ]);
  });

  it('verb labels, capitalized, of the split; no decoys', () => {
    // labels 0, 1 of test's 220 verbs; target label 0; the shuffle swaps the two
    const rng = scripted([0, 1, 0, 0]);
    const { state } = def.init(rng, { buttons: 2, decoys: 0, labels: 'verbs' }, test);
    expect(state).toEqual({ items: [button('Accept'), button('Abnegate')], target: 'Abnegate' });
    expect(rng.asked).toEqual(['int(220)', 'int(220)', 'int(2)', 'int(2)']);
  });
});

describe('click-button: over seeds', () => {
  it('as many buttons and decoys as asked, labels of the split, both decoy kinds, the target a button', () => {
    for (const split of ['train', 'test'] as const) {
      const roles = new Set<string>();
      for (let seed = 0; seed < 40; seed++) {
        const env = clickButton.create();
        env.reset({ seed, split, options: { buttons: 5, decoys: 3 } });
        const s = (env as unknown as { state: State }).state;
        const labels = s.items.filter((i) => i.role === 'button').map((i) => i.name);
        expect(labels).toHaveLength(5);
        expect(new Set(labels).size).toBe(5);
        expect(labels).toContain(s.target);
        for (const l of labels) {
          expect(inSplit(l, split)).toBe(true);
          expect(VERB_WORDS).toContain(l[0].toLowerCase() + l.slice(1));
          expect(l[0]).toBe(l[0].toUpperCase());
        }
        const decoys = s.items.filter((i) => i.role !== 'button');
        expect(decoys).toHaveLength(3);
        for (const d of decoys) {
          roles.add(d.role);
          expect(d.name.split(' ')).toHaveLength(d.role === 'text' ? 3 : 1);
        }
      }
      expect([...roles].sort()).toEqual(['text', 'textbox']);
    }
  });
});

describe('click-button: the page and its handlers', () => {
  it('draws the items in order: buttons, lines of text, text boxes with their values', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 button 'Save'", "2 text 'lorem ipsum'", "3 button 'Open'", "4 textbox 'dolor' = \"x\""]);
  });

  it('the named button succeeds, any other fails for good; text boxes take text; lines cannot be clicked', () => {
    expect(envWith(clickButton, state()).step('click(3)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
    expect(envWith(clickButton, state()).step('click(1)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    const env = envWith(clickButton, state());
    expect(env.step('fill(4, "abc")').info.lastActionError).toBeUndefined();
    expect(env.state.items[3].value).toBe('abc');
    expect(env.step('click(2)').info.lastActionError).toBe("click(2): element 2 (text 'lorem ipsum') cannot be clicked");
  });

  it('progress is 0 until the click; the expert clicks the named button; 3 turns', () => {
    expect(def.progress(state())).toBe(0);
    const env = envWith(clickButton, state());
    expect(clickButton.expert(env)).toBe('click(3)');
    expect(env.step('fill(4, "a")').info.progress).toBe(0);
    expect(env.step('fill(4, "b")').truncated).toBe(false);
    expect(env.step('fill(4, "c")')).toMatchObject({ terminated: false, truncated: true });
  });
});
