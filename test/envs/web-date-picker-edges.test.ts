// Edge cases of the date picker that choose-date and book-flight-full share (issue 21's mutation pass), on a one-field
// test family built here: the field closed and open, Prev and Next at the range's ends and across a year, the days
// outside the range disabled, the chosen day selected only in its own month and year, picking a day, the read-only
// field, and datePickerStep's next action at each stage. Values are worked out by hand from the calendar.
import { describe, expect, it } from 'vitest';
import { datePickerStep, drawDatePicker, newDatePicker, type DatePicker, type DateRange } from '../../src/envs/web/date-picker';
import { defineWebTask } from '../../src/envs/web/page';
import { defOf, drawn, envWith, lines } from '../support/web-family';

interface State {
  picker: DatePicker;
  range: DateRange;
}

/** Feb 3, 2016 to Mar 10, 2016 (2016 is a leap year). */
const FEB_MAR: DateRange = { first: { year: 2016, month: 2, day: 3 }, last: { year: 2016, month: 3, day: 10 } };
const WANT = { year: 2016, month: 3, day: 4 };

const family = defineWebTask<State>({
  id: 'date-picker-test',
  description: 'A date field alone.',
  maxTurns: 10,
  options: [],
  init: () => ({ goal: '', state: { picker: newDatePicker({ year: 2016, month: 2, day: 1 }), range: FEB_MAR } }),
  draw: (s, page) => drawDatePicker(page, 'Date', s.picker, s.range),
  progress: () => 0,
  expert: (s, page) => datePickerStep(page, 'Date', s.picker, WANT) ?? 'done',
});

const def = defOf<State>(family);
const at = (picker: Partial<DatePicker>, range = FEB_MAR): State => ({ picker: { open: true, year: 2016, month: 2, value: '', ...picker }, range });
const days = (n: number, from = 1) => Array.from({ length: n }, (_, k) => from + k);

describe('date picker: drawing', () => {
  it('a new picker is closed and empty, on the given day\'s month', () => {
    expect(newDatePicker({ year: 2019, month: 11, day: 30 })).toEqual({ open: false, year: 2019, month: 11, value: '' });
  });

  it('closed: the field alone, collapsed', () => {
    expect(lines(drawn(def, at({ open: false, value: '02/05/2016' })))).toEqual(["1 textbox 'Date' = \"02/05/2016\" [collapsed]"]);
  });

  it('open on the first month: Prev disabled, the month\'s name, Next, its 29 days, those before the range disabled', () => {
    const l = lines(drawn(def, at({})));
    expect(l.slice(0, 4)).toEqual([
      "1 textbox 'Date' = \"\" [expanded]", "2 button 'Prev' depth 1 [disabled]", "3 heading 'February 2016' depth 1", "4 button 'Next' depth 1 []",
    ]);
    expect(l.slice(4)).toEqual(days(29).map((d) => `${d + 4} gridcell '${d}' depth 1${d < 3 ? ' [disabled]' : ''}`));
    // an enabled button says so (disabled: false), a day cell has no state
    const page = drawn(def, at({}));
    expect([page.elements[3].state, page.elements[6].state]).toEqual([{ disabled: false }, undefined]);
  });

  it('open on the last month: Prev, Next disabled, 31 days, those after the range disabled', () => {
    const l = lines(drawn(def, at({ month: 3 })));
    expect(l.slice(1, 4)).toEqual(["2 button 'Prev' depth 1 []", "3 heading 'March 2016' depth 1", "4 button 'Next' depth 1 [disabled]"]);
    expect(l.slice(4)).toEqual(days(31).map((d) => `${d + 4} gridcell '${d}' depth 1${d > 10 ? ' [disabled]' : ''}`));
  });

  it('a month inside a longer range: both buttons and every day open', () => {
    const range: DateRange = { first: { year: 2015, month: 12, day: 31 }, last: { year: 2016, month: 2, day: 1 } };
    const l = lines(drawn(def, at({ year: 2016, month: 1 }, range)));
    expect(l.slice(1, 4)).toEqual(["2 button 'Prev' depth 1 []", "3 heading 'January 2016' depth 1", "4 button 'Next' depth 1 []"]);
    expect(l.slice(4)).toEqual(days(31).map((d) => `${d + 4} gridcell '${d}' depth 1`));
  });

  it('the chosen day is selected only in its own month and year', () => {
    expect(lines(drawn(def, at({ value: '02/05/2016' })))[8]).toBe("9 gridcell '5' depth 1 [selected]");
    expect(lines(drawn(def, at({ value: '02/29/2016' })))[32]).toBe("33 gridcell '29' depth 1 [selected]");
    for (const value of ['02/05/2017', '03/05/2016', '12/05/2016']) expect(lines(drawn(def, at({ value }))).filter((x) => x.includes('selected')), value).toEqual([]);
    // a chosen day outside the range shows as disabled
    expect(lines(drawn(def, at({ value: '02/02/2016' })))[5]).toBe("6 gridcell '2' depth 1 [disabled]");
  });
});

describe('date picker: its handlers', () => {
  it('clicking the field opens and closes the calendar; typing into it is refused', () => {
    const env = envWith(family, at({ open: false }));
    expect(env.step('click(1)').info.lastActionError).toBeUndefined();
    expect(env.state.picker.open).toBe(true);
    env.step('click(1)');
    expect(env.state.picker.open).toBe(false);
    expect(env.step('fill(1, "03/04/2016")').info.lastActionError).toBe('fill(1, "03/04/2016"): the date field is read-only; click it and pick a day from the calendar');
    expect(env.state.picker.value).toBe('');
  });

  it('Next and Prev step a month, across a year\'s end both ways; disabled at the range\'s ends', () => {
    const range: DateRange = { first: { year: 2016, month: 11, day: 1 }, last: { year: 2017, month: 2, day: 1 } };
    const env = envWith(family, at({ year: 2016, month: 12 }, range));
    env.step('click(4)');
    expect([env.state.picker.year, env.state.picker.month]).toEqual([2017, 1]);
    env.step('click(2)');
    expect([env.state.picker.year, env.state.picker.month]).toEqual([2016, 12]);
    env.step('click(2)');
    expect([env.state.picker.year, env.state.picker.month]).toEqual([2016, 11]);
    expect(env.step('click(2)').info.lastActionError).toBe("click(2): element 2 (button 'Prev') is disabled");
    expect(env.state.picker.month).toBe(11);
  });

  it('a day sets the field as mm/dd/yyyy and closes the calendar on its month', () => {
    const env = envWith(family, at({ month: 3 }));
    expect(env.step('click(11)').info.lastActionError).toBeUndefined();
    expect(env.state.picker).toEqual({ open: false, year: 2016, month: 3, value: '03/07/2016' });
    const early = envWith(family, at({}));
    expect(early.step('click(5)').info.lastActionError).toBe("click(5): element 5 (gridcell '1') is disabled");
    expect(early.state.picker.value).toBe('');
  });
});

describe('date picker: the next step towards a day', () => {
  it('opens the field, steps towards the month, clicks the day, then nothing', () => {
    const env = envWith(family, at({ open: false }));
    expect(family.expert(env)).toBe('click(1)');
    env.step('click(1)');
    expect(family.expert(env)).toBe('click(4)');
    env.step('click(4)');
    expect(family.expert(env)).toBe('click(8)');
    env.step('click(8)');
    expect(env.state.picker.value).toBe('03/04/2016');
    expect(family.expert(env)).toBe('done');
    // shown past the month: Prev
    expect(family.expert(envWith(family, at({ month: 4 }, { first: FEB_MAR.first, last: { year: 2016, month: 5, day: 1 } })))).toBe('click(2)');
    // the right month a year on: Prev too
    expect(family.expert(envWith(family, at({ year: 2017, month: 3 }, { first: FEB_MAR.first, last: { year: 2017, month: 5, day: 1 } })))).toBe('click(2)');
    // another day chosen, the calendar closed on the right month: open it
    expect(family.expert(envWith(family, at({ open: false, month: 3, value: '03/05/2016' })))).toBe('click(1)');
  });
});
