// Edge cases of the enter-time family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (a time of the split, the label and heading), the rules over seeds, the page drawn, what the field takes in
// 12h and 24h mode and the messages it refuses with, how it shows a time, Submit right and wrong, progress, the
// expert's typing in each mode, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { enterTime } from '../../src/envs/web/enter-time';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/enter-time';

const def = defOf<State>(enterTime);
const train = poolsOf('train');
const test = poolsOf('test');

/** 3:07 PM wanted, nothing entered, 12h, label Time, heading Alarm. */
const state = (o: Partial<State> = {}): State => ({ want: 15 * 60 + 7, value: -1, only24: false, label: 'Time', heading: 'Alarm', ...o });

describe('enter-time: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(enterTime).toMatchObject({ id: 'enter-time', suite: 'web', family: 'enter-time', maxTurns: 4, miniwob: 'enter-time', instanceKey: 'goal+observation', freeText: true });
    expect(enterTime.description).toBe('Type the given time into the time field and press Submit.');
    expect(enterTime.lesson).toBeUndefined();
    expect(enterTime.options).toEqual([
      { name: 'field', doc: "what the field takes: 12h ('3:07 PM' or '15:07') or 24h ('15:07' only)", kind: 'enum', default: '12h', values: ['12h', '24h'] },
    ]);
    expect(enterTime.levels).toEqual([{ field: '12h' }, { field: '24h' }]);
  });
});

describe('enter-time: init on a scripted stream', () => {
  it('the layouts (label x heading, 6 x 5): train 0 and 15, test 17 and 18 first', () => {
    expect([0, 1].map((v) => layoutOf(scripted([v]), train, 'enter-time', 30))).toEqual([0, 15]);
    expect([0, 1].map((v) => layoutOf(scripted([v]), test, 'enter-time', 30))).toEqual([17, 18]);
  });

  it('train: the times of the split as the goal writes them (3:07 PM is the 676th), label and heading', () => {
    const times = (split: 'train' | 'test') => [...Array(1440).keys()].filter((m) => {
      const h = Math.floor(m / 60);
      return inSplit(`${h % 12 || 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`, split);
    });
    expect(times('train').indexOf(907)).toBe(675);
    // layout 15: label 3 (Pick a time), heading 2 (Meeting)
    let rng = scripted([675, 1]);
    let r = def.init(rng, { field: '12h' }, train);
    expect(r.goal).toBe('Enter 3:07 PM as the time and press submit.');
    expect(r.state).toEqual({ want: 907, value: -1, only24: false, label: 'Pick a time', heading: 'Meeting' });
    expect(rng.asked).toEqual([`int(${times('train').length})`, 'int(22)']);
    // the first train time is 12:01 AM; layout 0: label Time, no heading; 24h
    rng = scripted([0, 0]);
    r = def.init(rng, { field: '24h' }, train);
    expect(r.goal).toBe('Enter 12:01 AM as the time and press submit.');
    expect(r.state).toEqual({ want: 1, value: -1, only24: true, label: 'Time', heading: '' });
    // test: the first test time is 12:00 AM, the last 11:53 PM; layouts 17 (label 5, Meeting) and 18 (label 0, Reminder)
    expect(times('test')[0]).toBe(0);
    rng = scripted([0, 0]);
    r = def.init(rng, { field: '12h' }, test);
    expect(r.goal).toBe('Enter 12:00 AM as the time and press submit.');
    expect(r.state).toEqual({ want: 0, value: -1, only24: false, label: 'Time (hh:mm AM/PM)', heading: 'Meeting' });
    expect(rng.asked).toEqual([`int(${times('test').length})`, 'int(8)']);
    r = def.init(scripted([times('test').length - 1, 1]), { field: '12h' }, test);
    expect(r.goal).toBe('Enter 11:53 PM as the time and press submit.');
    expect(r.state).toMatchObject({ want: 1433, label: 'Time', heading: 'Reminder' });
  });
});

describe('enter-time: over seeds', () => {
  it('goals of the split, morning and afternoon times, the split\'s layouts apart', () => {
    const layouts = { train: new Set<string>(), test: new Set<string>() };
    for (const split of ['train', 'test'] as const) {
      const halves = new Set<boolean>();
      for (let seed = 0; seed < 120; seed++) {
        const env = enterTime.create();
        env.reset({ seed, split, options: { field: '24h' } });
        const s = (env as unknown as { state: State }).state;
        expect(inSplit(env.goal.slice('Enter '.length, -' as the time and press submit.'.length), split)).toBe(true);
        expect(s).toMatchObject({ value: -1, only24: true });
        halves.add(s.want < 720);
        layouts[split].add(`${s.label}|${s.heading}`);
      }
      expect([...halves].sort()).toEqual([false, true]);
    }
    // every label with every heading, the test split's eight held out
    const labels = ['Time', 'Select a time', 'Start time', 'Pick a time', 'At', 'Time (hh:mm AM/PM)'];
    const headings = ['', 'Alarm', 'Meeting', 'Reminder', 'Reservation'];
    expect([...layouts.train, ...layouts.test].sort()).toEqual(labels.flatMap((l) => headings.map((h) => `${l}|${h}`)).sort());
    expect([...layouts.test].sort()).toEqual([
      'At|Reservation', 'Pick a time|Reminder', 'Select a time|Alarm', 'Select a time|Reservation',
      'Start time|Meeting', 'Time (hh:mm AM/PM)|', 'Time (hh:mm AM/PM)|Meeting', 'Time|Reminder',
    ]);
    expect(layouts.train.size).toBe(22);
  });
});

describe('enter-time: the page and its handlers', () => {
  it('draws the heading, the field showing hh:mm AM/PM or empty, and Submit', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 heading 'Alarm'", "2 textbox 'Time' = \"\"", "3 button 'Submit'"]);
    const shows = (value: number) => lines(drawn(def, state({ value, heading: '' })))[0];
    expect(shows(907)).toBe("1 textbox 'Time' = \"03:07 PM\"");
    expect(shows(0)).toBe("1 textbox 'Time' = \"12:00 AM\"");
    expect(shows(12 * 60)).toBe("1 textbox 'Time' = \"12:00 PM\"");
    expect(shows(11 * 60 + 59)).toBe("1 textbox 'Time' = \"11:59 AM\"");
    expect(shows(23 * 60 + 5)).toBe("1 textbox 'Time' = \"11:05 PM\"");
  });

  it('12h: takes h:mm AM/PM in any case, with or without a space, or 24-hour HH:MM', () => {
    const takes: [string, number][] = [
      ['3:07 PM', 907], ['03:07 pm', 907], ['3:07pm', 907], [' 3:07  Pm ', 907], ['15:07', 907],
      ['12:00 AM', 0], ['12:30 am', 30], ['12:00 PM', 720], ['1:00 AM', 60], ['11:59 PM', 1439],
      ['0:00', 0], ['00:05', 5], ['23:59', 1439], ['9:05', 545],
    ];
    for (const [text, minutes] of takes) {
      const env = envWith(enterTime, state({ value: 100 }));
      expect(env.step(`fill(2, "${text}")`).info.lastActionError, text).toBeUndefined();
      expect(env.state.value, text).toBe(minutes);
    }
  });

  it('12h: refuses what is not a time, and changes nothing', () => {
    for (const text of ['0:30 AM', '13:00 PM', '24:00', '3:60', '3:60 PM', '3:7', '123:00', '3:07 XM', 'x3:07', '3:07 PMx', '', 'noon']) {
      const env = envWith(enterTime, state({ value: 100 }));
      expect(env.step(`fill(2, "${text}")`).info.lastActionError, text).toBe(`fill(2, "${text}"): '${text}' is not a time; type it as hh:mm AM or PM`);
      expect(env.state.value).toBe(100);
    }
  });

  it('24h: takes only HH:MM', () => {
    const env = envWith(enterTime, state({ only24: true }));
    expect(env.step('fill(2, "15:07")').info.lastActionError).toBeUndefined();
    expect(env.state.value).toBe(907);
    for (const text of ['3:07 PM', '3:07 am', '24:00']) {
      const e = envWith(enterTime, state({ only24: true }));
      expect(e.step(`fill(2, "${text}")`).info.lastActionError).toBe(`fill(2, "${text}"): '${text}' is not a time; type it as HH:MM, 24-hour`);
      expect(e.state.value).toBe(-1);
    }
  });

  it('Submit succeeds only at the wanted time; progress 0.5 once it is entered', () => {
    expect(envWith(enterTime, state({ value: 907 })).step('click(3)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
    expect(envWith(enterTime, state({ value: 906 })).step('click(3)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(envWith(enterTime, state()).step('click(3)')).toMatchObject({ terminated: true, reward: 0 });
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ value: 906 }))).toBe(0);
    expect(def.progress(state({ value: 907 }))).toBe(0.5);
  });

  it('the expert types the goal\'s form in 12h, zero-padded HH:MM in 24h, then submits', () => {
    let env = envWith(enterTime, state());
    expect(enterTime.expert(env)).toBe('fill(2, "3:07 PM")');
    env.step('fill(2, "3:07 PM")');
    expect(enterTime.expert(env)).toBe('click(3)');
    env = envWith(enterTime, state({ only24: true, heading: '', label: 'At' }));
    expect(enterTime.expert(env)).toBe('fill(1, "15:07")');
    expect(enterTime.expert(envWith(enterTime, state({ only24: true, want: 5 })))).toBe('fill(2, "00:05")');
    expect(enterTime.expert(envWith(enterTime, state({ only24: false, want: 5 })))).toBe('fill(2, "12:05 AM")');
    expect(enterTime.expert(envWith(enterTime, state({ only24: true, want: 9 * 60 + 30, value: 9 * 60 + 30 })))).toBe('click(3)');
  });

  it('ends the episode after 4 turns, truncated', () => {
    const env = envWith(enterTime, state());
    for (let t = 1; t < 4; t++) expect(env.step('fill(2, "x")').truncated).toBe(false);
    expect(env.step('fill(2, "x")')).toMatchObject({ terminated: false, truncated: true });
  });
});
