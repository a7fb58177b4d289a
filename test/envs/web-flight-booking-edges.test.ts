// Edge cases of the flight-booking family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (cities, days, the route, the name, the frame, the day and the ask, the Day list's place), every frame of each
// split, the flight tables a search makes from the episode's key, the three pages and their handlers (lists, Search's
// refusals, booking, the name, Confirm, back), progress and the expert at each stage, and the turn limit.
// A search for (from, to, day) draws from Rng(`${key}/${from}/${to}/${day}`): distinct prices int(60) for each flight,
// then distinct departure slots int(36) (05:00 + 30 min a slot; price 60 + 5 a step). Tabulated once, 3 flights:
//   Z/Ames/Bath/Mon  prices 20 10 20 9 (the second 20 redrawn) | slots 17 26 24
//   D/Ames/Bath/Mon  prices 26 46 49                            | slots 13 34 13 23 (the second 13 redrawn)
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { CITY_NAMES, PERSON_FIRST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { flightBooking } from '../../src/envs/web/flight-booking';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { Flight, State } from '../../src/envs/web/flight-booking';

const def = defOf<State>(flightBooking);
const train = poolsOf('train');
const test = poolsOf('test');
const HEADINGS = ['', 'Find a flight', 'Flight search', 'Plan your trip'];
const NOTES = ['', 'Prices include taxes', 'Times are local'];

// Z/Ames/Bath/Mon's flights: the cheapest is the third, the earliest the first
const Z: Flight[] = [
  { minutes: 810, price: 160, label: '13:30 price 160' },
  { minutes: 1080, price: 110, label: '18:00 price 110' },
  { minutes: 1020, price: 105, label: '17:00 price 105' },
];
const list = (value = '') => ({ value, open: false });

/** On the search page, nothing chosen; the cheapest flight from Ames to Bath on Mon for Ann. */
const state = (over: Partial<State> = {}): State => ({
  key: 'Z', cities: ['Ames', 'Bath', 'Cork'], days: ['Mon', 'Tue', 'Wed'], flightsPerDay: 3,
  want: { from: 'Ames', to: 'Bath', day: 'Mon', by: 'cheapest', name: 'Ann' },
  nav: { page: 'search', history: [] }, from: list(), to: list(), day: list(), dayFirst: false,
  frame: { heading: 'Find a flight', note: 'Times are local' }, results: [], booked: -1, name: '', ...over,
});
/** Searched Ames to Bath on Mon: on the results page. */
const searched = (over: Partial<State> = {}): State =>
  state({ from: list('Ames'), to: list('Bath'), day: list('Mon'), nav: { page: 'results', history: ['search'] }, results: Z.map((f) => ({ ...f })), ...over });
/** Booked flight `i`: on the passenger page. */
const booked = (i: number, over: Partial<State> = {}): State => searched({ nav: { page: 'passenger', history: ['search', 'results'] }, booked: i, ...over });

describe('flight-booking: the family', () => {
  it('says what it is, its turn limit, options and levels; no MiniWoB task', () => {
    expect(flightBooking).toMatchObject({ id: 'flight-booking', suite: 'web', family: 'flight-booking', maxTurns: 14, miniwob: null });
    expect(flightBooking.description).toBe('Search a route and day, book the cheapest or earliest flight and enter the passenger name.');
    expect(flightBooking.options).toEqual([
      { name: 'flights', doc: 'flights on each route and day', kind: 'int', default: 4, min: 2, max: 6 },
      { name: 'cities', doc: 'cities to choose from', kind: 'int', default: 4, min: 2, max: 8 },
    ]);
    expect(flightBooking.levels).toEqual([
      { flights: 2, cities: 2 }, { flights: 3, cities: 3 }, { flights: 4, cities: 4 }, { flights: 6, cities: 6 }, { flights: 6, cities: 8 },
    ]);
  });
});

describe('flight-booking: init on a scripted stream', () => {
  it('cities, three days, the route, a name, the frame, the day, the ask, then the Day list\'s place', () => {
    expect(train.words(CITY_NAMES).slice(0, 4)).toEqual(['Abilene', 'Akron', 'Alafaya', 'Alameda']);
    expect(train.words(PERSON_FIRST)[1]).toBe('Abbie');
    // train frame 0 is 10: heading 10 % 4 = 2 (Flight search), note 10 / 4 = 2 (Times are local)
    expect(layoutOf(scripted([0]), train, 'flight-booking', 12)).toBe(10);
    // days: each swap with 0 -> Tue Wed Thu; cities: 3<->1, 2<->2, 1<->0 -> Alameda Abilene ...
    const script = [0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 1, 2, 0, 1, 0, 2, 1, 0.4];
    const rng = scripted(script);
    Object.assign(rng, { key: 'ep' });
    const { goal, state } = def.init(rng, { flights: 3, cities: 4 }, train);
    expect(goal).toBe('Book the earliest flight from Alameda to Abilene on Thu for Abbie.');
    expect(rng.asked).toEqual([
      'int(386)', 'int(386)', 'int(386)', 'int(386)', 'int(7)', 'int(6)', 'int(5)', 'int(4)', 'int(3)', 'int(2)',
      'int(4)', 'int(3)', 'int(2)', 'int(2199)', 'int(9)', 'int(3)', 'int(2)', 'next',
    ]);
    expect(state).toEqual({
      key: 'ep/flights', cities: ['Abilene', 'Akron', 'Alafaya', 'Alameda'], days: ['Tue', 'Wed', 'Thu'], flightsPerDay: 3,
      want: { from: 'Alameda', to: 'Abilene', day: 'Thu', by: 'earliest', name: 'Abbie' },
      nav: { page: 'search', history: [] }, from: list(), to: list(), day: list(), dayFirst: true,
      frame: { heading: 'Flight search', note: 'Times are local' }, results: [], booked: -1, name: '',
    });
    // the ask's other side and a coin of 0.5: Day below the route
    const other = scripted([...script.slice(0, 16), 0, 0.5]);
    const r = def.init(other, { flights: 3, cities: 4 }, train);
    expect([r.state.want.by, r.state.dayFirst]).toEqual(['cheapest', false]);
  });

  it('every frame of each split: heading code % 4, note code / 4; test holds 3 of the 12', () => {
    expect([0, 1, 2].map((i) => layoutOf(scripted([i]), test, 'flight-booking', 12))).toEqual([0, 6, 9]);
    for (const [pools, count] of [[train, 9], [test, 3]] as const) {
      for (let i = 0; i < count; i++) {
        const code = layoutOf(scripted([i]), pools, 'flight-booking', 12);
        const rng = scripted([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, i, 0, 0, 0.9]);
        const { state } = def.init(rng, { flights: 2, cities: 2 }, pools);
        expect(state.frame).toEqual({ heading: HEADINGS[code % 4], note: NOTES[Math.floor(code / 4)] });
      }
    }
  });
});

describe('flight-booking: over seeds', () => {
  it('cities and names of the split, three distinct days (every weekday over seeds), a route of two cities, both asks and both Day places', () => {
    const days = new Set<string>();
    for (const split of ['train', 'test'] as const) {
      const seen = new Set<string>();
      for (let seed = 0; seed < 40; seed++) {
        const env = flightBooking.create();
        env.reset({ seed, split, options: { flights: 3, cities: 3 } });
        const s = (env as unknown as { state: State }).state;
        expect(s.cities).toHaveLength(3);
        for (const c of s.cities) expect(inSplit(c, split)).toBe(true);
        expect(inSplit(s.want.name, split)).toBe(true);
        expect(new Set(s.days).size).toBe(3);
        for (const d of s.days) days.add(d);
        expect(s.days).toContain(s.want.day);
        expect(s.cities).toContain(s.want.from);
        expect(s.cities).toContain(s.want.to);
        expect(s.want.from).not.toBe(s.want.to);
        expect(s.flightsPerDay).toBe(3);
        seen.add(`${s.want.by} ${s.dayFirst}`);
      }
      expect([...seen].sort()).toEqual(['cheapest false', 'cheapest true', 'earliest false', 'earliest true']);
    }
    expect([...days].sort()).toEqual(['Fri', 'Mon', 'Sat', 'Sun', 'Thu', 'Tue', 'Wed']);
  });
});

describe('flight-booking: the flight tables', () => {
  it('the tabulated draws are those of the route\'s stream', () => {
    const draws = (key: string, prices: number, slots: number) => {
      const r = new Rng(key);
      return [[...Array(prices)].map(() => r.int(60)), [...Array(slots)].map(() => r.int(36))];
    };
    expect(draws('Z/Ames/Bath/Mon', 4, 3)).toEqual([[20, 10, 20, 9], [17, 26, 24]]);
    expect(draws('D/Ames/Bath/Mon', 3, 4)).toEqual([[26, 46, 49], [13, 34, 13, 23]]);
  });

  it('Search lists the route\'s flights, repeats redrawn, times and prices as the rule makes them', () => {
    let env = envWith(flightBooking, state({ from: list('Ames'), to: list('Bath'), day: list('Mon') }));
    expect(env.step('click(5)')).toMatchObject({ terminated: false, info: { progress: 0.5 } });
    expect(env.state.results).toEqual(Z);
    expect(env.state.nav).toEqual({ page: 'results', history: ['search'] });
    env = envWith(flightBooking, state({ key: 'D', from: list('Ames'), to: list('Bath'), day: list('Mon') }));
    env.step('click(5)');
    expect(env.state.results.map((f) => f.label)).toEqual(['11:30 price 190', '22:00 price 290', '16:30 price 305']);
    expect(env.state.results.map((f) => f.minutes)).toEqual([690, 1320, 990]);
  });
});

describe('flight-booking: the search page', () => {
  it('draws the heading, the route, the Day list above or below it, Search and the note', () => {
    expect(lines(drawn(def, state()))).toEqual([
      "1 heading 'Find a flight'", "2 combobox 'From' = \"\" []", "3 combobox 'To' = \"\" []", "4 combobox 'Day' = \"\" []", "5 button 'Search'", "6 text 'Times are local'",
    ]);
    expect(lines(drawn(def, state({ dayFirst: true, frame: { heading: '', note: '' }, day: list('Tue') })))).toEqual([
      "1 combobox 'Day' = \"Tue\" []", "2 combobox 'From' = \"\" []", "3 combobox 'To' = \"\" []", "4 button 'Search'",
    ]);
    // each list offers its own options
    const env = envWith(flightBooking, state());
    env.step('click(2)');
    expect(lines(drawn(def, env.state)).slice(1, 6)).toEqual([
      "2 combobox 'From' = \"\" [expanded]", "3 option 'Ames' depth 1 []", "4 option 'Bath' depth 1 []", "5 option 'Cork' depth 1 []", "6 combobox 'To' = \"\" []",
    ]);
    env.step('click(2)');
    env.step('click(4)');
    expect(lines(drawn(def, env.state)).slice(3, 7)).toEqual([
      "4 combobox 'Day' = \"\" [expanded]", "5 option 'Mon' depth 1 []", "6 option 'Tue' depth 1 []", "7 option 'Wed' depth 1 []",
    ]);
  });

  it('the lists take their own options; Search refuses a missing choice or From equal to To', () => {
    const env = envWith(flightBooking, state());
    expect(env.step('select(2, "Dover")').info.lastActionError).toBe("select(2, \"Dover\"): 'Dover' is not an option of From");
    const refusal = (from: string, to: string, day: string) =>
      envWith(flightBooking, state({ from: list(from), to: list(to), day: list(day) })).step('click(5)').info.lastActionError;
    expect(refusal('', 'Bath', 'Mon')).toBe('click(5): choose From, To and Day first');
    expect(refusal('Ames', '', 'Mon')).toBe('click(5): choose From, To and Day first');
    expect(refusal('Ames', 'Bath', '')).toBe('click(5): choose From, To and Day first');
    expect(refusal('Ames', 'Ames', 'Mon')).toBe('click(5): From and To must differ');
    expect(refusal('Ames', 'Cork', 'Tue')).toBeUndefined();
  });
});

describe('flight-booking: results and passenger pages', () => {
  it('results: the route as heading, each flight a row with its Book button under it', () => {
    expect(lines(drawn(def, searched()))).toEqual([
      "1 heading 'Ames to Bath on Mon'",
      "2 row '13:30 price 160'", "3 button 'Book 1' depth 1",
      "4 row '18:00 price 110'", "5 button 'Book 2' depth 1",
      "6 row '17:00 price 105'", "7 button 'Book 3' depth 1",
    ]);
  });

  it('Book opens the passenger page for that flight; back() returns page by page, then refuses', () => {
    const env = envWith(flightBooking, searched());
    env.step('click(5)');
    expect([env.state.booked, env.state.nav.page]).toEqual([1, 'passenger']);
    expect(lines(drawn(def, env.state))).toEqual(["1 heading 'Passenger for 18:00 Ames to Bath'", "2 textbox 'Name' = \"\"", "3 button 'Confirm'"]);
    expect(env.step('back()').info.lastActionError).toBeUndefined();
    expect(env.state.nav.page).toBe('results');
    env.step('back()');
    expect(env.state.nav.page).toBe('search');
    expect(env.step('back()').info.lastActionError).toBe('back(): there is no previous page');
    // hours and minutes two digits each
    const early = booked(0, { results: [{ minutes: 300, price: 60, label: '05:00 price 60' }] });
    expect(lines(drawn(def, early))[0]).toBe("1 heading 'Passenger for 05:00 Ames to Bath'");
  });

  it('Confirm succeeds with the route, the asked flight and the name (outer spaces ignored); fails for good otherwise', () => {
    const confirm = (s: State, name: string) => {
      const env = envWith(flightBooking, s);
      env.step(`fill(2, "${name}")`);
      return env.step('click(3)');
    };
    expect(confirm(booked(2), 'Ann')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
    expect(confirm(booked(2), ' Ann ')).toMatchObject({ reward: 1, info: { success: true } });
    expect(confirm(booked(2), 'ann')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(confirm(booked(1), 'Ann')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(confirm(booked(0, { want: { from: 'Ames', to: 'Bath', day: 'Mon', by: 'earliest', name: 'Ann' } }), 'Ann')).toMatchObject({ reward: 1 });
    for (const wrong of [{ from: list('Cork') }, { to: list('Cork') }, { day: list('Tue') }]) {
      expect(confirm(booked(2, wrong), 'Ann'), JSON.stringify(wrong)).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    }
  });
});

describe('flight-booking: progress and the expert', () => {
  it('progress: 0.4 of the route share while searching or off the route; 0.5 on results; 0.7 with the asked flight booked', () => {
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ from: list('Ames') }))).toBeCloseTo(0.4 / 3, 12);
    expect(def.progress(state({ to: list('Bath') }))).toBeCloseTo(0.4 / 3, 12);
    expect(def.progress(state({ day: list('Mon') }))).toBeCloseTo(0.4 / 3, 12);
    expect(def.progress(state({ from: list('Ames'), to: list('Bath'), day: list('Mon') }))).toBeCloseTo(0.4, 12);
    expect(def.progress(searched())).toBe(0.5);
    // back on the results after booking the asked flight: 0.5 again
    expect(def.progress(searched({ booked: 2 }))).toBe(0.5);
    expect(def.progress(searched({ day: list('Tue') }))).toBeCloseTo(0.8 / 3, 12);
    expect(def.progress(booked(2))).toBe(0.7);
    expect(def.progress(booked(0))).toBe(0.5);
    expect(def.progress(booked(2, { to: list('Cork') }))).toBeCloseTo(0.8 / 3, 12);
  });

  it('the expert picks From, To and Day in turn wherever they are, then Search', () => {
    const expert = (s: State) => flightBooking.expert(envWith(flightBooking, s));
    expect(expert(state())).toBe('select(2, "Ames")');
    expect(expert(state({ from: list('Ames') }))).toBe('select(3, "Bath")');
    expect(expert(state({ from: list('Ames'), to: list('Bath') }))).toBe('select(4, "Mon")');
    expect(expert(state({ from: list('Ames'), to: list('Bath'), day: list('Mon') }))).toBe('click(5)');
    expect(expert(state({ dayFirst: true, from: list('Ames'), to: list('Bath') }))).toBe('select(2, "Mon")');
    expect(expert(state({ dayFirst: true, frame: { heading: '', note: '' }, from: list('Ames') }))).toBe('select(3, "Bath")');
  });

  it('then books the cheapest or the earliest, goes back from a wrong route or flight, fills the name and confirms', () => {
    const expert = (s: State) => flightBooking.expert(envWith(flightBooking, s));
    expect(expert(searched())).toBe('click(7)');
    expect(expert(searched({ want: { from: 'Ames', to: 'Bath', day: 'Mon', by: 'earliest', name: 'Ann' } }))).toBe('click(3)');
    expect(expert(searched({ to: list('Cork') }))).toBe('back()');
    expect(expert(booked(0))).toBe('back()');
    expect(expert(booked(2, { day: list('Wed') }))).toBe('back()');
    expect(expert(booked(2))).toBe('fill(2, "Ann")');
    expect(expert(booked(2, { name: ' Ann' }))).toBe('fill(2, "Ann")');
    expect(expert(booked(2, { name: 'Ann' }))).toBe('click(3)');
  });

  it('the expert solves a seeded episode; 14 turns', () => {
    const env = flightBooking.create();
    env.reset({ seed: 3, split: 'test' });
    let r;
    for (let t = 0; t < 14; t++) {
      r = env.step(flightBooking.expert(env));
      if (r.terminated) break;
    }
    expect(r).toMatchObject({ terminated: true, reward: 1 });
    const t = envWith(flightBooking, state());
    for (let i = 1; i < 14; i++) expect(t.step('click(1)').truncated).toBe(false);
    expect(t.step('click(1)')).toMatchObject({ terminated: false, truncated: true });
  });
});
