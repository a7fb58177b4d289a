// Edge cases of the choose-list family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (people or countries, or the starter colours, the entries and the target, the frame, Submit's place, the
// label), the rules over seeds, the page drawn with the list closed and open, Submit right and wrong, progress and
// the expert at each stage, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { COUNTRY_NAMES, PERSON_FIRST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { chooseList } from '../../src/envs/web/choose-list';
import { COLORS } from '../../src/envs/words';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/choose-list';

const def = defOf<State>(chooseList);
const train = poolsOf('train');
const test = poolsOf('test');

const state = (o: Partial<State> = {}): State => ({
  options: ['Ann', 'Bo', 'Cy'], list: { value: '', open: false }, target: 'Bo', submitFirst: false, label: 'Name', frame: { heading: 'Choose one', note: 'One entry only' }, ...o,
});

describe('choose-list: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(chooseList).toMatchObject({ id: 'choose-list', suite: 'web', family: 'choose-list', maxTurns: 5, miniwob: 'choose-list' });
    expect(chooseList.description).toBe('Select the named entry from a drop-down list and click Submit.');
    expect(chooseList.options).toEqual([
      { name: 'entries', doc: 'entries in the list', kind: 'int', default: 6, min: 2, max: 12 },
      { name: 'words', doc: 'starter (12 colours) or open (people and countries)', kind: 'enum', default: 'open', values: ['starter', 'open'] },
    ]);
    expect(chooseList.levels).toEqual([
      { entries: 3, words: 'starter' }, { entries: 4, words: 'open' }, { entries: 6, words: 'open' }, { entries: 9, words: 'open' }, { entries: 12, words: 'open' },
    ]);
  });
});

describe('choose-list: init on a scripted stream', () => {
  it('people: names of the split, the target, the frame, Submit below, the label Name', () => {
    // train's first frame is layout 10: heading 2 (Your selection), note 2 (The list opens on a click)
    expect(layoutOf(scripted([0]), train, 'choose-list', 12)).toBe(10);
    const rng = scripted([0.3, 0, 1, 1, 0, 0.6, 0.2]);
    const { goal, state } = def.init(rng, { entries: 2, words: 'open' }, train);
    expect(train.words(PERSON_FIRST).slice(0, 2)).toEqual(['Aaliyah', 'Abbie']);
    expect(goal).toBe('Select Abbie from the list and click Submit.');
    expect(state).toEqual({
      options: ['Aaliyah', 'Abbie'], list: { value: '', open: false }, target: 'Abbie', submitFirst: false, label: 'Name',
      frame: { heading: 'Your selection', note: 'The list opens on a click' },
    });
    expect(rng.asked).toEqual(['next', 'int(2199)', 'int(2199)', 'int(2)', 'int(9)', 'next', 'next']);
  });

  it('countries: the label Country, Submit above', () => {
    // test's first frame is layout 7: heading 3 (Pick from the list), note 1 (One entry only)
    expect(layoutOf(scripted([0]), test, 'choose-list', 12)).toBe(7);
    expect(test.words(COUNTRY_NAMES).slice(0, 3)).toEqual(['Albania', 'Armenia', 'Azerbaijan']);
    const rng = scripted([0.7, 0, 1, 2, 2, 0, 0.1, 0.1]);
    const { goal, state } = def.init(rng, { entries: 3, words: 'open' }, test);
    expect(goal).toBe('Select Azerbaijan from the list and click Submit.');
    expect(state).toMatchObject({ options: ['Albania', 'Armenia', 'Azerbaijan'], target: 'Azerbaijan', submitFirst: true, label: 'Country', frame: { heading: 'Pick from the list', note: 'One entry only' } });
    expect(rng.asked).toEqual(['next', 'int(54)', 'int(54)', 'int(54)', 'int(3)', 'int(3)', 'next', 'next']);
  });

  it('starter: colours of the split whatever the coin for people, the label Color, or none on 0.5', () => {
    // test's colours (blue, pink, gray) shuffled: swap 2 with 0, 1 with 0 -> (pink, gray, blue); frame 4: no heading,
    // note 1 (One entry only)
    expect(test.words(COLORS)).toEqual(['blue', 'pink', 'gray']);
    expect(layoutOf(scripted([1]), test, 'choose-list', 12)).toBe(4);
    let rng = scripted([0.3, 0, 0, 0, 1, 0.5, 0.4]);
    let r = def.init(rng, { entries: 3, words: 'starter' }, test);
    expect(r.state).toMatchObject({ options: ['pink', 'gray', 'blue'], target: 'pink', submitFirst: false, label: 'Color', frame: { heading: '', note: 'One entry only' } });
    expect(rng.asked).toEqual(['next', 'int(3)', 'int(2)', 'int(3)', 'int(3)', 'next', 'next']);
    rng = scripted([0.3, 0, 0, 0, 1, 0.5, 0.5]);
    r = def.init(rng, { entries: 3, words: 'starter' }, test);
    expect(r.state.label).toBe('');
  });
});

describe('choose-list: over seeds', () => {
  it('entries of the split from both sources, the target among them, every label, frames split 3 / 9', () => {
    const frames = { train: new Set<string>(), test: new Set<string>() };
    const labels = new Set<string>();
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 150; seed++) {
        const env = chooseList.create();
        env.reset({ seed, split, options: { entries: 4 } });
        const s = (env as unknown as { state: State }).state;
        expect(s.options).toHaveLength(4);
        expect(s.options).toContain(s.target);
        for (const o of s.options) expect(inSplit(o, split)).toBe(true);
        const source = s.options.every((o) => PERSON_FIRST.includes(o)) ? 'Name' : 'Country';
        expect(s.options.every((o) => (source === 'Name' ? PERSON_FIRST : COUNTRY_NAMES).includes(o))).toBe(true);
        expect(['', source]).toContain(s.label);
        labels.add(s.label);
        frames[split].add(`${s.frame.heading}|${s.frame.note}`);
      }
    }
    expect([...labels].sort()).toEqual(['', 'Country', 'Name']);
    expect([frames.test.size, frames.train.size]).toEqual([3, 9]);
    const all = ['', 'Choose one', 'Your selection', 'Pick from the list'].flatMap((h) => ['', 'One entry only', 'The list opens on a click'].map((n) => `${h}|${n}`));
    expect([...frames.test, ...frames.train].sort()).toEqual(all.sort());
  });
});

describe('choose-list: the page and its handlers', () => {
  it('draws the heading, the list closed or open with its options under it, Submit below or above, the note', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 heading 'Choose one'", "2 combobox 'Name' = \"\" []", "3 button 'Submit'", "4 text 'One entry only'"]);
    expect(lines(drawn(def, state({ submitFirst: true, label: '', list: { value: 'Cy', open: true }, frame: { heading: '', note: '' } })))).toEqual([
      "1 button 'Submit'", "2 combobox '' = \"Cy\" [expanded]", "3 option 'Ann' depth 1 []", "4 option 'Bo' depth 1 []", "5 option 'Cy' depth 1 [selected]",
    ]);
  });

  it('a click opens the list, an option picks; select picks directly; Submit succeeds only on the target', () => {
    const env = envWith(chooseList, state({ frame: { heading: '', note: '' } }));
    env.step('click(1)');
    expect(env.state.list).toEqual({ value: '', open: true });
    env.step('click(3)');
    expect(env.state.list).toEqual({ value: 'Bo', open: false });
    expect(env.step('click(2)')).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    const wrong = envWith(chooseList, state({ frame: { heading: '', note: '' } }));
    wrong.step('select(1, "Cy")');
    expect(wrong.state.list.value).toBe('Cy');
    expect(wrong.step('click(2)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
  });

  it('progress: 0.5 once the list shows the target', () => {
    expect([def.progress(state()), def.progress(state({ list: { value: 'Bo', open: false } })), def.progress(state({ list: { value: 'Cy', open: true } }))]).toEqual([0, 0.5, 0]);
  });

  it('the expert selects the target in the list by its label, then clicks Submit', () => {
    const env = envWith(chooseList, state());
    expect(chooseList.expert(env)).toBe('select(2, "Bo")');
    env.step('select(2, "Bo")');
    expect(chooseList.expert(env)).toBe('click(3)');
    expect(chooseList.expert(envWith(chooseList, state({ label: '', submitFirst: true, list: { value: 'Ann', open: false } })))).toBe('select(3, "Bo")');
  });

  it('ends the episode after 5 turns, truncated', () => {
    const env = envWith(chooseList, state());
    for (let t = 1; t < 5; t++) expect(env.step('click(2)').truncated).toBe(false);
    expect(env.step('click(2)')).toMatchObject({ terminated: false, truncated: true });
  });
});
