// Edge cases of the enter-date family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (a date of the split counted back from 12/31/2019, then the layout: label and heading), the years option
// and every label and heading over seeds, the page drawn, the field's refusal of what is not a date and its reading
// of one, Submit, progress, the expert and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { enterDate, type State } from '../../src/envs/web/enter-date';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';


const def = defOf<State>(enterDate);
const train = poolsOf('train');
const test = poolsOf('test');
const state = (value = '', heading = 'Event'): State => ({ date: '03/07/2015', label: 'Day', heading, value });

describe('enter-date: the family', () => {
  it('says what it is, its turn limit, options and levels; keyed by goal and page', () => {
    expect(enterDate).toMatchObject({ id: 'enter-date', suite: 'web', family: 'enter-date', maxTurns: 4, miniwob: 'enter-date', instanceKey: 'goal+observation' });
    expect(enterDate.description).toBe('Type the given date into the date field as mm/dd/yyyy and press Submit.');
    expect(enterDate.options).toEqual([
      { name: 'years', doc: 'dates are drawn from this many years ending with 2019', kind: 'int', default: 10, min: 1, max: 40 },
    ]);
    expect(enterDate.levels).toEqual([{ years: 1 }, { years: 10 }, { years: 40 }]);
  });
});

describe('enter-date: init on a scripted stream', () => {
  it('one year: the 280 train dates of 2019 from the 31st of December back; layout 12 is Date under Booking', () => {
    // train holds 12/31, 12/30, 12/29 ... and, last of 2019's 365, 01/01
    expect(layoutOf(scripted([0]), train, 'enter-date', 30)).toBe(12);
    let rng = scripted([0, 0]);
    let r = def.init(rng, { years: 1 }, train);
    expect(r.goal).toBe('Enter 12/31/2019 as the date and hit submit.');
    // 12 = label 0 (Date) + 6 x heading 2 (Booking)
    expect(r.state).toEqual({ date: '12/31/2019', label: 'Date', heading: 'Booking', value: '' });
    expect(rng.asked).toEqual(['int(280)', 'int(22)']);
    rng = scripted([279, 1]);
    r = def.init(rng, { years: 1 }, train);
    // layout 19 = label 1 (Select a date) + 6 x heading 3 (Event)
    expect(r.state).toEqual({ date: '01/01/2019', label: 'Select a date', heading: 'Event', value: '' });
  });

  it('the test split: 85 dates of 2019, 174 of two years, the first 12/28/2019; its layouts 22 and 0', () => {
    expect([0, 1].map((v) => layoutOf(scripted([v]), test, 'enter-date', 30))).toEqual([22, 0]);
    let rng = scripted([0, 0]);
    // 22 = label 4 + 6 x heading 3
    expect(def.init(rng, { years: 1 }, test).state).toEqual({ date: '12/28/2019', label: 'Date (mm/dd/yyyy)', heading: 'Event', value: '' });
    expect(rng.asked).toEqual(['int(85)', 'int(8)']);
    rng = scripted([0, 1]);
    expect(def.init(rng, { years: 2 }, test).state).toMatchObject({ label: 'Date', heading: '' });
    expect(rng.asked).toEqual(['int(174)', 'int(8)']);
  });
});

describe('enter-date: no years', () => {
  it('has no date to draw, and says so by its choices\' name', () => {
    // 0 years: the first day is 01/01/2020, after the last, so none of 0 choices
    expect(() => def.init(scripted([0, 0]), { years: 0 }, train)).toThrow('enter-date dates: none of its 0 choices is in the train split');
  });
});

describe('enter-date: over seeds', () => {
  it('dates within the years asked; every label and heading in play', () => {
    const labels = new Set<string>();
    const headings = new Set<string>();
    for (const [years, first] of [[1, 2019], [3, 2017]] as const) {
      const seenYears = new Set<number>();
      for (const split of ['train', 'test'] as const) {
        for (let seed = 0; seed < 100; seed++) {
          const env = enterDate.create();
          env.reset({ seed, split, options: { years } });
          const s = (env as unknown as { state: State }).state;
          expect(env.goal).toBe(`Enter ${s.date} as the date and hit submit.`);
          seenYears.add(Number(s.date.slice(6)));
          labels.add(s.label);
          headings.add(s.heading);
        }
      }
      expect([...seenYears].sort()).toEqual([...Array(years).keys()].map((k) => first + k));
    }
    expect([...labels].sort()).toEqual(['Date', 'Date (mm/dd/yyyy)', 'Day', 'Pick a date', 'Select a date', 'When']);
    expect([...headings].sort()).toEqual(['', 'Appointment', 'Booking', 'Event', 'Schedule']);
  });
});

describe('enter-date: the page and its handlers', () => {
  it('draws the heading, the date field with its value, Submit; no heading when there is none', () => {
    expect(lines(drawn(def, state('01/02/2015')))).toEqual(["1 heading 'Event'", "2 textbox 'Day' = \"01/02/2015\"", "3 button 'Submit'"]);
    expect(lines(drawn(def, state('', '')))).toEqual(["1 textbox 'Day' = \"\"", "2 button 'Submit'"]);
  });

  it('the field refuses text that is not a real mm/dd/yyyy date and keeps its value', () => {
    const env = envWith(enterDate, state('01/02/2015'));
    for (const t of ['3/7/2015', '02/30/2015', 'March 7', '']) {
      const r = env.step(`fill(2, "${t}")`);
      expect(r.info.lastActionError).toBe(`fill(2, "${t}"): '${t}' is not a date; type it as mm/dd/yyyy`);
      expect(env.state.value).toBe('01/02/2015');
    }
  });

  it('a date typed with outer spaces is kept as mm/dd/yyyy, with no error', () => {
    const env = envWith(enterDate, state());
    const r = env.step('fill(2, " 03/07/2015 ")');
    expect(r.info.lastActionError).toBeUndefined();
    expect(env.state.value).toBe('03/07/2015');
    expect(r.info.progress).toBe(0.5);
  });

  it('Submit succeeds only with the date; progress 0.5 with it in the field', () => {
    expect(envWith(enterDate, state('03/07/2015')).step('click(3)')).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    expect(envWith(enterDate, state('03/08/2015')).step('click(3)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state('03/08/2015'))).toBe(0);
    expect(def.progress(state('03/07/2015'))).toBe(0.5);
  });

  it('the expert types the date, then submits; 4 turns', () => {
    const env = envWith(enterDate, state('03/08/2015'));
    expect(enterDate.expert(env)).toBe('fill(2, "03/07/2015")');
    env.step('fill(2, "03/07/2015")');
    expect(enterDate.expert(env)).toBe('click(3)');
    const slow = envWith(enterDate, state());
    for (let t = 1; t < 4; t++) expect(slow.step('fill(2, "x")').truncated).toBe(false);
    expect(slow.step('fill(2, "x")')).toMatchObject({ terminated: false, truncated: true });
  });
});
