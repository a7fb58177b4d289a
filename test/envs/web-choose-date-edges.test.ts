// Edge cases of the choose-date family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (a goal of the split: phrasing and date counted back from 12/31/2016, the months option's first day, the
// layout), every phrasing, label and heading over seeds, the page with the calendar closed and open, Submit,
// progress at each stage, the expert and the turn limit. Values are worked out by hand; the calendar itself is
// date-picker.ts's (measured with book-flight-full).
import { describe, expect, it } from 'vitest';
import { inSplit, poolsOf } from '../../src/envs/split';
import { chooseDate, type State } from '../../src/envs/web/choose-date';
import { layoutOf } from '../../src/envs/web/controls';
import type { DatePicker } from '../../src/envs/web/date-picker';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';


const def = defOf<State>(chooseDate);
const train = poolsOf('train');
const test = poolsOf('test');
const closed: DatePicker = { open: false, year: 2016, month: 12, value: '' };

/** Wanted 11/05/2016 of November and December 2016, under 'Day' and 'Event'. */
function state(picker: Partial<DatePicker> = {}, heading = 'Event'): State {
  return { want: { year: 2016, month: 11, day: 5 }, picker: { ...closed, ...picker }, first: { year: 2016, month: 11, day: 1 }, label: 'Day', heading };
}

describe('choose-date: the family', () => {
  it('says what it is, its turn limit, options and levels; keyed by goal and page', () => {
    expect(chooseDate).toMatchObject({ id: 'choose-date', suite: 'web', family: 'choose-date', maxTurns: 28, miniwob: 'choose-date', instanceKey: 'goal+observation' });
    expect(chooseDate.description).toBe('Pick the given date in a pop-up calendar (it opens on the last month) and press Submit.');
    expect(chooseDate.options).toEqual([
      { name: 'months', doc: 'months the calendar allows, ending December 2016 (MiniWoB: 1 easy, 2 medium, 12)', kind: 'int', default: 12, min: 1, max: 24 },
    ]);
    expect(chooseDate.levels).toEqual([{ months: 1 }, { months: 2 }, { months: 12 }, { months: 24 }]);
  });
});

describe('choose-date: init on a scripted stream', () => {
  // A goal choice i is phrasing i % 4 about the date i / 4 days before 12/31/2016.
  it('one month: train holds 90 of its 4 x 31 goals, the first choices 0, 1, 3, 4; layouts 6 and 14', () => {
    expect([0, 1].map((v) => layoutOf(scripted([v]), train, 'choose-date', 20))).toEqual([6, 14]);
    expect(inSplit('Select 12/31/2016 as the date and hit submit.', 'train')).toBe(true);
    let rng = scripted([0, 0]);
    let r = def.init(rng, { months: 1 }, train);
    expect(r.goal).toBe('Select 12/31/2016 as the date and hit submit.');
    // layout 6 = label 2 (Select a date) + 4 x heading 1 (Booking)
    expect(r.state).toEqual({ want: { year: 2016, month: 12, day: 31 }, picker: closed, first: { year: 2016, month: 12, day: 1 }, label: 'Select a date', heading: 'Booking' });
    expect(rng.asked).toEqual(['int(90)', 'int(15)']);
    // choice 4: phrasing 0, one day back; layout 14 = label 2 + 4 x heading 3 (Delivery)
    rng = scripted([3, 1]);
    r = def.init(rng, { months: 1 }, train);
    expect(r.goal).toBe('Select 12/30/2016 as the date and hit submit.');
    expect(r.state).toMatchObject({ want: { year: 2016, month: 12, day: 30 }, label: 'Select a date', heading: 'Delivery' });
  });

  it('the test split: choice 7 of two months, choice 2923 of 24; layouts 8 and 16', () => {
    expect([0, 1].map((v) => layoutOf(scripted([v]), test, 'choose-date', 20))).toEqual([8, 16]);
    let rng = scripted([1, 0]);
    let r = def.init(rng, { months: 2 }, test);
    // choice 7: phrasing 3, one day back; layout 8 = label 0 (Date) + 4 x heading 2 (Appointment)
    expect(r.goal).toBe('Set the date to 12/30/2016 and hit submit.');
    expect(r.state).toEqual({ want: { year: 2016, month: 12, day: 30 }, picker: closed, first: { year: 2016, month: 11, day: 1 }, label: 'Date', heading: 'Appointment' });
    expect(rng.asked).toEqual(['int(61)', 'int(5)']);
    // the last of 772: choice 2923, phrasing 3, 730 days back (2016 has 366): 01/01/2015; layout 16: Date, Event
    rng = scripted([771, 1]);
    r = def.init(rng, { months: 24 }, test);
    expect(r.goal).toBe('Set the date to 01/01/2015 and hit submit.');
    expect(r.state).toMatchObject({ want: { year: 2015, month: 1, day: 1 }, first: { year: 2015, month: 1, day: 1 }, label: 'Date', heading: 'Event' });
    expect(rng.asked[0]).toBe('int(772)');
  });

  it("the months option sets the range's first day: 12 from January 2016, 13 from December 2015", () => {
    let rng = scripted([0, 0]);
    expect(def.init(rng, { months: 12 }, train).state.first).toEqual({ year: 2016, month: 1, day: 1 });
    expect(rng.asked[0]).toBe('int(1075)');
    rng = scripted([0, 0]);
    expect(def.init(rng, { months: 13 }, train).state.first).toEqual({ year: 2015, month: 12, day: 1 });
    expect(rng.asked[0]).toBe('int(1162)');
  });
});

describe('choose-date: no months', () => {
  it('has no goal to draw, and says so by its goals\' name', () => {
    // 0 months: the range would start on 01/01/2018 (month 13 of 2017), 365 days after the last, so no goal
    expect(() => def.init(scripted([0, 0]), { months: 0 }, train)).toThrow('choose-date goals: none of its -1460 choices is in the train split');
  });
});

describe('choose-date: over seeds', () => {
  it('every phrasing, label and heading in play; the wanted day within the months asked', () => {
    const phrasings = new Set<string>();
    const labels = new Set<string>();
    const headings = new Set<string>();
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 100; seed++) {
        const env = chooseDate.create();
        env.reset({ seed, split, options: { months: 2 } });
        const s = (env as unknown as { state: State }).state;
        expect([11, 12]).toContain(s.want.month);
        expect(s.want.year).toBe(2016);
        expect(inSplit(env.goal, split)).toBe(true);
        phrasings.add(env.goal.split(' ')[0]);
        labels.add(s.label);
        headings.add(s.heading);
      }
    }
    expect([...phrasings].sort()).toEqual(['Choose', 'Pick', 'Select', 'Set']);
    expect([...labels].sort()).toEqual(['Date', 'Date:', 'Day', 'Select a date']);
    expect([...headings].sort()).toEqual(['', 'Appointment', 'Booking', 'Delivery', 'Event']);
  });
});

describe('choose-date: the page and its handlers', () => {
  it('draws the heading, the closed field and Submit; no heading when there is none', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 heading 'Event'", "2 textbox 'Day' = \"\" [collapsed]", "3 button 'Submit'"]);
    expect(lines(drawn(def, state({}, '')))).toEqual(["1 textbox 'Day' = \"\" [collapsed]", "2 button 'Submit'"]);
  });

  it('opened, the calendar shows the last month, Prev open and Next shut, then Submit after the days', () => {
    const page = lines(drawn(def, state({ open: true })));
    expect(page.slice(0, 5)).toEqual(["1 heading 'Event'", "2 textbox 'Day' = \"\" [expanded]", "3 button 'Prev' depth 1 []", "4 heading 'December 2016' depth 1", "5 button 'Next' depth 1 [disabled]"]);
    expect(page.slice(5, 7)).toEqual(["6 gridcell '1' depth 1", "7 gridcell '2' depth 1"]);
    expect(page.slice(-2)).toEqual(["36 gridcell '31' depth 1", "37 button 'Submit'"]);
  });

  it('Submit succeeds only with the wanted date in the field', () => {
    expect(envWith(chooseDate, state({ value: '11/05/2016' })).step('click(3)')).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    expect(envWith(chooseDate, state({ value: '11/06/2016' })).step('click(3)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(envWith(chooseDate, state()).step('click(3)')).toMatchObject({ terminated: true, reward: 0 });
  });

  it('progress: 0.3 with the calendar open on the wanted month and year, 0.6 with the date in the field', () => {
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ month: 11 }))).toBe(0);
    expect(def.progress(state({ open: true }))).toBe(0);
    expect(def.progress(state({ open: true, month: 11 }))).toBe(0.3);
    expect(def.progress(state({ open: true, month: 11, year: 2015 }))).toBe(0);
    expect(def.progress(state({ value: '11/05/2016' }))).toBe(0.6);
    expect(def.progress(state({ value: '11/05/2016', open: true, month: 11 }))).toBe(0.6);
    expect(def.progress(state({ value: '11/06/2016', open: true, month: 11 }))).toBe(0.3);
  });

  it('the expert opens the calendar, steps back a month, picks the day and submits, each stage progressing', () => {
    const env = envWith(chooseDate, state());
    const actions: string[] = [];
    const progress: number[] = [];
    for (let t = 0; t < 4; t++) {
      const a = chooseDate.expert(env);
      actions.push(a);
      const r = env.step(a);
      progress.push(r.info.progress as number);
      if (t === 3) expect(r).toMatchObject({ terminated: true, reward: 1 });
    }
    // opened: Prev is 3; November's day cells follow Next (5), so day 5 is element 10; then closed, Submit is 3
    expect(actions).toEqual(['click(2)', 'click(3)', 'click(10)', 'click(3)']);
    expect(progress).toEqual([0, 0.3, 0.6, 1]);
  });

  it('ends after 28 turns, truncated', () => {
    const env = envWith(chooseDate, state());
    for (let t = 1; t < 28; t++) expect(env.step('click(1)').truncated).toBe(false);
    expect(env.step('click(1)')).toMatchObject({ terminated: false, truncated: true });
  });
});
