// Edge cases of the helpers every web family shares (issue 21's mutation pass): calendar dates (dates.ts), the
// drop-down list, layout splits and text helpers (controls.ts), and split choices, layouts, goals and frames
// (layout.ts). Expected values are worked out by hand or stated as the rule the helper promises.
import { describe, expect, it, vi } from 'vitest';
import { hashString, Rng } from '../../src/core/rng';
import { inSplit, poolsOf } from '../../src/envs/split';
import { addList, emptyList, joinWords, layoutOf, listOf, ordinal, wordsOf } from '../../src/envs/web/controls';
import { dayNumber, daysInMonth, formatDate, fromDayNumber, longDate, MONTHS, parseDate } from '../../src/envs/web/dates';
import { addFrameHeading, addFrameNote, Choices, Frames, Layouts, PositionGoals } from '../../src/envs/web/layout';
import { Page } from '../../src/envs/web/page';

describe('dates', () => {
  it('count days from 1 Jan 1970 both ways', () => {
    // 30 years of 365 days and 7 leap days (1972..1996) to 1 Jan 2000, then January's 31 and February's 29.
    expect(dayNumber({ year: 1970, month: 1, day: 1 })).toBe(0);
    expect(dayNumber({ year: 1969, month: 12, day: 31 })).toBe(-1);
    expect(dayNumber({ year: 2000, month: 3, day: 1 })).toBe(10957 + 60);
    expect(fromDayNumber(0)).toEqual({ year: 1970, month: 1, day: 1 });
    expect(fromDayNumber(-1)).toEqual({ year: 1969, month: 12, day: 31 });
    expect(fromDayNumber(10957 + 59)).toEqual({ year: 2000, month: 2, day: 29 });
  });

  it('know every month of a plain year and February of each kind of year', () => {
    expect(listOf(12, (i) => daysInMonth(2019, i + 1))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(listOf(12, (i) => daysInMonth(2016, i + 1))).toEqual([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect([daysInMonth(2024, 2), daysInMonth(2100, 2), daysInMonth(2400, 2), daysInMonth(2019, 2)]).toEqual([29, 28, 29, 28]);
  });

  it('write two-digit months and days, and weekdays and month names in UTC', () => {
    expect(formatDate({ year: 2016, month: 11, day: 5 })).toBe('11/05/2016');
    expect(formatDate({ year: 1999, month: 1, day: 31 })).toBe('01/31/1999');
    expect(longDate({ year: 1970, month: 1, day: 1 })).toBe('Thu Jan 01 1970');
    expect(longDate({ year: 2004, month: 2, day: 29 })).toBe('Sun Feb 29 2004');
    expect(longDate({ year: 2100, month: 3, day: 1 })).toBe('Mon Mar 01 2100');
    expect(longDate({ year: 2016, month: 9, day: 17 })).toBe('Sat Sep 17 2016');
    // The first of each month of 2016 (as GNU date writes them): every month's name and every weekday.
    expect(listOf(12, (i) => longDate({ year: 2016, month: i + 1, day: 1 }))).toEqual([
      'Fri Jan 01 2016', 'Mon Feb 01 2016', 'Tue Mar 01 2016', 'Fri Apr 01 2016', 'Sun May 01 2016', 'Wed Jun 01 2016',
      'Fri Jul 01 2016', 'Mon Aug 01 2016', 'Thu Sep 01 2016', 'Sat Oct 01 2016', 'Tue Nov 01 2016', 'Thu Dec 01 2016',
    ]);
  });

  it("name the months in full as Intl's en-US does", () => {
    const intl = listOf(12, (i) => new Date(Date.UTC(2016, i, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }));
    expect(MONTHS).toEqual(intl);
  });

  it('read only whole mm/dd/yyyy texts of dates that exist, at both ends of each range', () => {
    expect(parseDate('12/31/2016')).toEqual({ year: 2016, month: 12, day: 31 });
    expect(parseDate('01/01/2016')).toEqual({ year: 2016, month: 1, day: 1 });
    expect(parseDate('02/29/2016')).toEqual({ year: 2016, month: 2, day: 29 });
    expect(parseDate('\t04/30/2016\n')).toEqual({ year: 2016, month: 4, day: 30 });
    for (const bad of ['00/10/2016', '01/00/2016', '02/29/2015', '04/31/2016', 'x03/07/2016', '03/07/2016x', '03/07/20161', '03/07/016', '1a/07/2016', '03-07-2016', '']) {
      expect(parseDate(bad), bad).toBeUndefined();
    }
  });
});

describe('text helpers', () => {
  it('ordinal: st, nd, rd after 1, 2, 3, th for the teens of every hundred and the rest', () => {
    const got = [0, 1, 2, 3, 4, 9, 10, 11, 12, 13, 14, 20, 21, 22, 23, 24, 101, 102, 103, 111, 112, 113, 211].map(ordinal);
    expect(got).toEqual(['0th', '1st', '2nd', '3rd', '4th', '9th', '10th', '11th', '12th', '13th', '14th', '20th', '21st', '22nd', '23rd', '24th', '101st', '102nd', '103rd', '111th', '112th', '113th', '211th']);
  });

  it('joinWords: nothing, one, two and three words', () => {
    expect([joinWords([]), joinWords(['a']), joinWords(['a', 'b']), joinWords(['a', 'b', 'c'])]).toEqual(['', 'a', 'a and b', 'a, b and c']);
  });

  it('listOf makes n items in order', () => {
    expect(listOf(3, (i) => i * 2)).toEqual([0, 2, 4]);
    expect(listOf(0, () => 1)).toEqual([]);
  });

  it("wordsOf joins `count` words of the split's share by single spaces", () => {
    const list = listOf(40, (i) => `word${i}`);
    const text = wordsOf(Rng.fromSeed(4), poolsOf('test'), list, 5);
    const words = text.split(' ');
    expect(words).toHaveLength(5);
    for (const w of words) expect(list.includes(w) && inSplit(w, 'test'), w).toBe(true);
    expect(wordsOf(Rng.fromSeed(4), poolsOf('test'), list, 0)).toBe('');
    expect(wordsOf(Rng.fromSeed(4), poolsOf('test'), list, 1)).toBe(words[0]);
  });
});

describe('drop-down list', () => {
  const OPTIONS = ['Red', 'Green', 'Blue'];

  it('shows a closed list as its combobox alone, at depth 0 without a depth field', () => {
    const page = new Page();
    addList(page, 'Colour', OPTIONS, { value: 'Green', open: false });
    expect(page.elements).toEqual([{ id: 1, role: 'combobox', name: 'Colour', value: 'Green', state: { expanded: false } }]);
  });

  it("shows an open list's options one level deeper, the current one selected", () => {
    const page = new Page();
    addList(page, 'Colour', OPTIONS, { value: 'Green', open: true }, 2);
    expect(page.elements).toEqual([
      { id: 1, role: 'combobox', name: 'Colour', value: 'Green', depth: 2, state: { expanded: true } },
      { id: 2, role: 'option', name: 'Red', depth: 3, state: { selected: false } },
      { id: 3, role: 'option', name: 'Green', depth: 3, state: { selected: true } },
      { id: 4, role: 'option', name: 'Blue', depth: 3, state: { selected: false } },
    ]);
    const top = new Page();
    addList(top, 'Colour', OPTIONS, { value: '', open: true });
    expect(top.elements.slice(1).map((e) => [e.depth, e.state?.selected])).toEqual([[1, false], [1, false], [1, false]]);
  });

  it('opens and closes on a click, picks a clicked option and closes, and selects any option by name', () => {
    const list = emptyList();
    expect(list).toEqual({ value: '', open: false });
    expect(emptyList()).not.toBe(emptyList());
    const draw = () => {
      const page = new Page();
      addList(page, 'Colour', OPTIONS, list);
      return page;
    };
    let page = draw();
    expect(page.handlers[0]?.click?.(page.elements[0])).toBeUndefined();
    expect(list.open).toBe(true);
    page = draw();
    page.handlers[0]?.click?.(page.elements[0]);
    expect(list).toEqual({ value: '', open: false });
    page.handlers[0]?.click?.(page.elements[0]);
    page = draw();
    expect(page.handlers[3]?.click?.(page.elements[3])).toBeUndefined();
    expect(list).toEqual({ value: 'Blue', open: false });
    list.open = true;
    expect(draw().handlers[0]?.select?.('Red', page.elements[0])).toBeUndefined();
    expect(list).toEqual({ value: 'Red', open: false });
    expect(draw().handlers[0]?.select?.('Pink', page.elements[0])).toBe("'Pink' is not an option of Colour");
    expect(list).toEqual({ value: 'Red', open: false });
  });
});

/** The layouts layoutOf gives the test split, by its rule: the quarter (rounded, at least one) of lowest hash. */
function testLayouts(family: string, count: number): number[] {
  const ranked = listOf(count, (k) => k).sort((a, b) => hashString(`${family}/layout/${a}`) - hashString(`${family}/layout/${b}`));
  return ranked.slice(0, Math.max(1, Math.round(count / 4))).sort((a, b) => a - b);
}

/** Every layout `draw` gives over many draws, sorted. */
function seen(draw: (rng: Rng) => number, draws = 300): number[] {
  const rng = Rng.fromSeed(9);
  const out = new Set<number>();
  for (let i = 0; i < draws; i++) out.add(draw(rng));
  return [...out].sort((a, b) => a - b);
}

describe('layoutOf', () => {
  it('gives the test split the quarter of lowest hash (at least one) and the train split the rest', () => {
    for (const [family, count] of [['fam-a', 8], ['fam-b', 8], ['fam-a', 10], ['fam-a', 2], ['fam-a', 7], ['fam-a', 5]] as const) {
      const test = testLayouts(family, count);
      expect(seen((rng) => layoutOf(rng, poolsOf('test'), family, count)), `${family}/${count}`).toEqual(test);
      const train = listOf(count, (k) => k).filter((k) => !test.includes(k));
      expect(seen((rng) => layoutOf(rng, poolsOf('train'), family, count)), `${family}/${count}`).toEqual(train);
    }
    // The quarter is rounded: 2 of 7, 3 of 10, 1 of 5 and of 2.
    expect([7, 10, 5, 2].map((n) => testLayouts('fam-a', n).length)).toEqual([2, 3, 1, 1]);
    // The hashes do not simply keep the first layouts for test.
    expect(testLayouts('fam-a', 8)).not.toEqual([0, 1]);
  });

  it('leaves a family of one layout nothing to train on', () => {
    expect(layoutOf(Rng.fromSeed(1), poolsOf('test'), 'fam-one', 1)).toBe(0);
    expect(() => layoutOf(Rng.fromSeed(1), poolsOf('train'), 'fam-one', 1)).toThrow('Rng.pick: empty array');
  });
});

describe('split choices', () => {
  it('make each text once, and list the choices below each count apart', () => {
    const make = vi.fn((i: number) => `choice text ${i}`);
    const c = new Choices('demo', make);
    const all = c.of(poolsOf('train'), 30);
    expect(make).toHaveBeenCalledTimes(30);
    const few = c.of(poolsOf('train'), 10);
    expect(few).toEqual(all.filter((i) => i < 10));
    expect(make).toHaveBeenCalledTimes(30);
    expect(c.text(3)).toBe('choice text 3');
    expect(make).toHaveBeenCalledTimes(30);
    expect(c.text(31)).toBe('choice text 31');
    expect(make).toHaveBeenCalledTimes(31);
    expect(c.pick(Rng.fromSeed(2), poolsOf('test'), 30)).toSatisfy((i: number) => inSplit(`choice text ${i}`, 'test') && i < 30);
  });
});

describe('Layouts', () => {
  it('decode the layout number dimension by dimension, the first dimension varying fastest', () => {
    const layouts = new Layouts('fam-c', [2, 3]);
    for (const split of ['train', 'test'] as const) {
      const a = Rng.fromSeed(5);
      const b = Rng.fromSeed(5);
      for (let i = 0; i < 30; i++) {
        const code = layoutOf(a, poolsOf(split), 'fam-c', 6);
        expect(layouts.draw(b, poolsOf(split))).toEqual([code % 2, Math.floor(code / 2)]);
      }
    }
  });

  it('keep the last index under its bound by numbering fewer layouts, and ignore a bound above its size', () => {
    const layouts = new Layouts('fam-d', [2, 3]);
    const a = Rng.fromSeed(6);
    const b = Rng.fromSeed(6);
    for (let i = 0; i < 30; i++) {
      const code = layoutOf(a, poolsOf('train'), 'fam-d', 4);
      expect(layouts.draw(b, poolsOf('train'), 2)).toEqual([code % 2, Math.floor(code / 2)]);
    }
    const c = Rng.fromSeed(7);
    const d = Rng.fromSeed(7);
    for (let i = 0; i < 30; i++) {
      const code = layoutOf(c, poolsOf('train'), 'fam-d', 6);
      expect(layouts.draw(d, poolsOf('train'), 9)).toEqual([code % 2, Math.floor(code / 2)]);
    }
  });
});

describe('PositionGoals', () => {
  it('name choice i by phrasing i % P at position i / P, and reach every position', () => {
    const phrasings = ['first {k}', 'second {k}', 'third {k}'];
    const goals = new PositionGoals('fam-e', phrasings, (p, k) => p.replace('{k}', String(k)));
    const positions = new Set<number>();
    const rng = Rng.fromSeed(3);
    for (let i = 0; i < 200; i++) {
      const { goal, position } = goals.draw(rng, poolsOf('train'), 4);
      expect(phrasings.map((p) => p.replace('{k}', String(position)))).toContain(goal);
      expect(inSplit(goal, 'train')).toBe(true);
      positions.add(position);
    }
    expect([...positions].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('PositionGoals, one split only', () => {
  it("name the family's goals when the split holds none of them", () => {
    const goals = new PositionGoals('fam-g', ['same'], () => 'one goal text for every choice');
    const empty = inSplit('one goal text for every choice', 'test') ? 'train' : 'test';
    expect(() => goals.draw(Rng.fromSeed(1), poolsOf(empty), 3)).toThrow(`fam-g goals: none of its 3 choices is in the ${empty} split`);
  });
});

describe('Frames', () => {
  it('pair a heading and a note as a layout of the split, and draw each only when not empty', () => {
    const headings = ['', 'Sign in', 'Welcome'];
    const notes = ['', 'All fields are required.'];
    const frames = new Frames('fam-f', headings, notes);
    const a = Rng.fromSeed(8);
    const b = Rng.fromSeed(8);
    for (let i = 0; i < 20; i++) {
      const code = layoutOf(a, poolsOf('test'), 'fam-f', 6);
      expect(frames.draw(b, poolsOf('test'))).toEqual({ heading: headings[code % 3], note: notes[Math.floor(code / 3)] });
    }
    const page = new Page();
    addFrameHeading({ heading: '', note: '' }, page);
    addFrameNote({ heading: '', note: '' }, page);
    expect(page.elements).toEqual([]);
    addFrameHeading({ heading: 'Sign in', note: 'Read me' }, page);
    addFrameNote({ heading: 'Sign in', note: 'Read me' }, page);
    expect(page.elements.map((e) => [e.role, e.name])).toEqual([['heading', 'Sign in'], ['text', 'Read me']]);
  });
});
