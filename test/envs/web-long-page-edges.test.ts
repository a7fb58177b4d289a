// Edge cases of the long-page family (issue 21's mutation pass): its options, levels and flags, and that it plays
// click-button's task with verb labels (it has no labels option) on a page of many buttons: init on a scripted random
// stream, the page drawn, the right and a wrong button, progress, the expert and the turn limit. Values are worked out
// by hand from the family's rules.
import { describe, expect, it } from 'vitest';
import { LOREM_WORDS, VERB_WORDS } from '../../src/envs/lexicon/english';
import { poolsOf } from '../../src/envs/split';
import type { Item, State } from '../../src/envs/web/click-button';
import { longPage } from '../../src/envs/web/long-page';
import { capitalize } from '../../src/envs/words';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';

const def = defOf<State>(longPage);
const train = poolsOf('train');
const button = (name: string): Item => ({ role: 'button', name, value: '' });

describe('long-page: the family', () => {
  it('says what it is, its turn limit, options and levels; a lesson with no MiniWoB task', () => {
    expect(longPage).toMatchObject({ id: 'long-page', suite: 'web', family: 'long-page', maxTurns: 3, miniwob: null, lesson: true });
    expect(longPage.description).toBe('Click the button with the given label on a page of dozens of buttons, longer than a tiny policy reads.');
    expect(longPage.options).toEqual([
      { name: 'buttons', doc: 'buttons on the page (labels from hundreds of verbs)', kind: 'int', default: 48, min: 12, max: 64 },
      { name: 'decoys', doc: 'lines of text and text boxes among the buttons', kind: 'int', default: 0, min: 0, max: 8 },
    ]);
    expect(longPage.levels).toEqual([
      { buttons: 12, decoys: 0 },
      { buttons: 24, decoys: 0 },
      { buttons: 36, decoys: 0 },
      { buttons: 48, decoys: 0 },
      { buttons: 60, decoys: 4 },
    ]);
  });
});

describe('long-page: init on a scripted stream', () => {
  it('capitalized verbs of the split as labels (no labels option), decoys, the target, the shuffle', () => {
    const verbs = train.words(VERB_WORDS.map(capitalize));
    const lorem = train.words(LOREM_WORDS);
    // labels: verbs 0..11 (distinct indices, as 48 < the split's verbs); one decoy: chance 0.9, a text box of lorem
    // word 0; target label 2; the shuffle: 12 draws of 0 (swap i with 0 from 12 down to 1)
    const script = [...Array(12).keys(), 0.9, 0, 2, ...Array(12).fill(0)];
    const rng = scripted(script);
    const { goal, state } = def.init(rng, { buttons: 12, decoys: 1 }, train);
    expect(goal).toBe(`Click on the "${verbs[2]}" button.`);
    expect(state.target).toBe(verbs[2]);
    const items = [...verbs.slice(0, 12).map(button), { role: 'textbox', name: lorem[0], value: '' } as Item];
    // Fisher-Yates with j = 0 each time: i = 12 puts item 12 first and item 0 last, i = 11 puts item 11 first and
    // item 12 at 11, ... i = 1 puts item 1 first: the list turned one to the left (verb 0 last, the box before it)
    expect(state.items).toEqual([...items.slice(1), items[0]]);
    expect(rng.left).toEqual([]);
    expect(rng.asked).toEqual([
      ...Array(12).fill(`int(${verbs.length})`), 'next', `int(${lorem.length})`, 'int(12)', ...[13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => `int(${n})`),
    ]);
  });
});

describe('long-page: the page and its handlers', () => {
  const state = (): State => ({ items: [button('Abandon'), button('Absorb'), { role: 'text', name: 'lorem ipsum dolor', value: '' }, button('Accept')], target: 'Accept' });

  it('draws the buttons and decoys in order', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 button 'Abandon'", "2 button 'Absorb'", "3 text 'lorem ipsum dolor'", "4 button 'Accept'"]);
  });

  it('the named button succeeds, another fails for good; progress 0; the expert clicks the named one; 3 turns', () => {
    expect(envWith(longPage, state()).step('click(4)')).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    expect(envWith(longPage, state()).step('click(1)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(def.progress(state())).toBe(0);
    const env = envWith(longPage, state());
    expect(longPage.expert(env)).toBe('click(4)');
    expect(env.step('click(3)').truncated).toBe(false);
    expect(env.step('click(3)').truncated).toBe(false);
    expect(env.step('click(3)')).toMatchObject({ terminated: false, truncated: true });
  });
});
