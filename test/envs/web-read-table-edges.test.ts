// Edge cases of the read-table family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (the attributes shuffled, each kind of value drawn from the split, the one asked, the frame, the header row
// and Submit's place), the rules over seeds, the page drawn, fill and Submit right and wrong, progress, the expert at
// each stage, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { readTable } from '../../src/envs/web/read-table';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/read-table';

const def = defOf<State>(readTable);
const train = poolsOf('train');
const test = poolsOf('test');
const KEYS = ['Color', 'First name', 'Last name', 'Country', 'City', 'Year of Birth', 'Code', 'Word'];

/** Two rows, City asked, nothing typed, no header row, Submit below, heading Record and no note. */
const state = (o: Partial<State> = {}): State => ({
  rows: [{ key: 'Color', value: 'red' }, { key: 'City', value: 'Oslo' }], asked: 1, answer: '', headerRow: false, submitFirst: false,
  frame: { heading: 'Record', note: '' }, ...o,
});

describe('read-table: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(readTable).toMatchObject({ id: 'read-table', suite: 'web', family: 'read-table', maxTurns: 4, miniwob: 'read-table', instanceKey: 'goal+observation' });
    expect(readTable.description).toBe('Read the value of the named attribute in a table, type it into the field and click Submit.');
    expect(readTable.lesson).toBeUndefined();
    expect(readTable.options).toEqual([{ name: 'rows', doc: 'table rows', kind: 'int', default: 5, min: 2, max: 8 }]);
    expect(readTable.levels).toEqual([{ rows: 2 }, { rows: 3 }, { rows: 5 }, { rows: 8 }]);
  });
});

describe('read-table: init on a scripted stream', () => {
  it('the frames (heading x note, 4 x 3) of each split', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((v) => layoutOf(scripted([v]), train, 'read-table', 12))).toEqual([2, 11, 5, 6, 4, 0, 9, 10, 3]);
    expect([0, 1, 2].map((v) => layoutOf(scripted([v]), test, 'read-table', 12))).toEqual([8, 7, 1]);
  });

  it('train, eight rows: every kind of value of the split, in the shuffled order; Year asked; a header row, Submit below', () => {
    // values: each list's first train word; year 1940 + 3 (a test year) redrawn as 1940; code 'aaa' (test) redrawn as 'abc'
    expect([inSplit('1943', 'test'), inSplit('1940', 'train'), inSplit('aaa', 'test'), inSplit('abc', 'train')]).toEqual([true, true, true, true]);
    const shuffle = [7, 6, 5, 4, 3, 2, 1]; // every j = i: the order stays
    const values = [0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0];
    // asked 5; frame 11: heading 3 (Details), note 2 (One value only); header 0.3 < 0.5; Submit first 0.7: no
    const rng = scripted([...shuffle, ...values, 5, 1, 0.3, 0.7]);
    const { goal, state } = def.init(rng, { rows: 8 }, train);
    expect(goal).toBe('Enter the value of Year of Birth into the text field and press Submit.');
    expect(state).toEqual({
      rows: [
        { key: 'Color', value: 'azure' }, { key: 'First name', value: 'Aaliyah' }, { key: 'Last name', value: 'Abbott' },
        { key: 'Country', value: 'Afghanistan' }, { key: 'City', value: 'Abilene' }, { key: 'Year of Birth', value: '1940' },
        { key: 'Code', value: 'abc' }, { key: 'Word', value: 'abacus' },
      ],
      asked: 5, answer: '', headerRow: true, submitFirst: false, frame: { heading: 'Details', note: 'One value only' },
    });
    expect(rng.asked).toEqual([
      'int(8)', 'int(7)', 'int(6)', 'int(5)', 'int(4)', 'int(3)', 'int(2)',
      'int(21)', 'int(2199)', 'int(341)', 'int(168)', 'int(386)', 'int(76)', 'int(76)',
      'int(4)', 'int(26)', 'int(26)', 'int(26)', 'int(4)', 'int(26)', 'int(26)', 'int(26)', 'int(610)',
      'int(8)', 'int(9)', 'next', 'next',
    ]);
    expect(rng.left).toEqual([]);
  });

  it('test, two rows: the first two of the shuffle, no header row, Submit above, frame 8', () => {
    // swap 7 with 0 (Word first), the rest stay: Word, First name
    const rng = scripted([0, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0.5, 0.2]);
    const { goal, state } = def.init(rng, { rows: 2 }, test);
    expect(goal).toBe('Enter the value of Word into the text field and press Submit.');
    expect(state).toEqual({
      rows: [{ key: 'Word', value: 'academics' }, { key: 'First name', value: 'Abagail' }],
      asked: 0, answer: '', headerRow: false, submitFirst: true, frame: { heading: '', note: 'One value only' },
    });
    expect(rng.asked.slice(7)).toEqual(['int(214)', 'int(713)', 'int(2)', 'int(3)', 'next', 'next']);
  });
});

describe('read-table: over seeds', () => {
  it('distinct attributes with values of the split, every one asked, both coins, frames split 3 / 9', () => {
    const frames = { train: new Set<string>(), test: new Set<string>() };
    for (const split of ['train', 'test'] as const) {
      const asked = new Set<string>();
      const coins = new Set<string>();
      for (let seed = 0; seed < 120; seed++) {
        const env = readTable.create();
        env.reset({ seed, split, options: { rows: 4 } });
        const s = (env as unknown as { state: State }).state;
        expect(s.rows).toHaveLength(4);
        expect(new Set(s.rows.map((r) => r.key)).size).toBe(4);
        for (const r of s.rows) {
          expect(KEYS).toContain(r.key);
          expect(inSplit(r.value, split)).toBe(true);
          if (r.key === 'Year of Birth') expect(Number(r.value) >= 1940 && Number(r.value) <= 2015).toBe(true);
          if (r.key === 'Code') expect(r.value).toMatch(/^[a-z]{3,6}$/);
        }
        asked.add(s.rows[s.asked].key);
        expect(env.goal).toBe(`Enter the value of ${s.rows[s.asked].key} into the text field and press Submit.`);
        coins.add(`${s.headerRow} ${s.submitFirst}`);
        frames[split].add(`${s.frame.heading}|${s.frame.note}`);
      }
      expect([...asked].sort()).toEqual([...KEYS].sort());
      expect(coins.size).toBe(4);
    }
    expect([...frames.test].sort()).toEqual(['Details|Copy the value exactly', 'Profile|', '|One value only']);
    expect(frames.train.size).toBe(9);
  });
});

describe('read-table: the page and its handlers', () => {
  it('draws the heading, the header row, the rows, the field and Submit in either order, then the note', () => {
    expect(lines(drawn(def, state({ headerRow: true, frame: { heading: 'Record', note: 'One value only' } })))).toEqual([
      "1 heading 'Record'", "2 row 'Attribute | Value'", "3 row 'Color | red'", "4 row 'City | Oslo'",
      "5 textbox 'Answer' = \"\"", "6 button 'Submit'", "7 text 'One value only'",
    ]);
    expect(lines(drawn(def, state({ submitFirst: true, answer: 'x', frame: { heading: '', note: '' } })))).toEqual([
      "1 row 'Color | red'", "2 row 'City | Oslo'", "3 button 'Submit'", "4 textbox 'Answer' = \"x\"",
    ]);
  });

  it('fill types the answer; Submit succeeds with the asked value, spaces trimmed, and fails for good otherwise', () => {
    const env = envWith(readTable, state());
    expect(env.step('fill(4, " Oslo ")').info.lastActionError).toBeUndefined();
    expect(env.state.answer).toBe(' Oslo ');
    expect(env.step('click(5)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
    for (const answer of ['oslo', 'red', '', 'Oslo.']) {
      expect(envWith(readTable, state({ answer })).step('click(5)'), answer).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    }
    expect(envWith(readTable, state()).step('click(2)').info.lastActionError).toBe("click(2): element 2 (row 'Color | red') cannot be clicked");
  });

  it('progress: 0.5 once the answer holds the asked value (trimmed)', () => {
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ answer: 'red' }))).toBe(0);
    expect(def.progress(state({ answer: '  Oslo' }))).toBe(0.5);
  });

  it('the expert types the asked value, then submits, wherever Submit is', () => {
    const env = envWith(readTable, state({ submitFirst: true }));
    expect(readTable.expert(env)).toBe('fill(5, "Oslo")');
    env.step('fill(5, "Oslo ")');
    expect(readTable.expert(env)).toBe('click(4)');
    expect(readTable.expert(envWith(readTable, state({ asked: 0, answer: 'Oslo' })))).toBe('fill(4, "red")');
  });

  it('ends the episode after 4 turns, truncated', () => {
    const env = envWith(readTable, state());
    for (let t = 1; t < 4; t++) expect(env.step('fill(4, "z")').truncated).toBe(false);
    expect(env.step('fill(4, "z")')).toMatchObject({ terminated: false, truncated: true });
  });
});
