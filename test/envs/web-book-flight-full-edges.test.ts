// Edge cases of the book-flight-full family (issue 21's mutation pass; its date picker has its own edge tests): its
// options and levels, each split's airports, init on a scripted random stream (the route, the day, the goal's words,
// the layout, the episode's flights and key), every layout of each split, the autocomplete's suggestions, Search's
// refusals, the results page for the goal's search and for another, booking, Back, progress and the expert at each
// stage, and the turn limit. Another search's flights come from Rng(`${key}/${from}/${to}/${date}`): range(3, most),
// then per flight int(1440), range(45, 2160), range(50, 1200). Tabulated once (most 4):
//   k/Chicago, IL (MDW)/Denver, CO (DEN)/11/16/2016: 3 flights, [1407, 1880, 640], [1085, 90, 579], [822, 871, 112]
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { AIRPORTS, airportParts } from '../../src/envs/lexicon/airports';
import { inSplit, poolsOf } from '../../src/envs/split';
import { bookFlightFull } from '../../src/envs/web/book-flight-full';
import { layoutOf } from '../../src/envs/web/controls';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { Flight, State } from '../../src/envs/web/book-flight-full';

const def = defOf<State>(bookFlightFull);
const train = poolsOf('train');
const test = poolsOf('test');
const DATE_LABELS = ['Departure Date', 'Depart on', 'Date'];
const HEADINGS = ['Book Your One-Way Flight', 'Find a flight', 'Flights'];
const FIELDS = [['From:', 'To:'], ['From', 'To'], ['Origin', 'Destination'], ['Leaving from', 'Going to']];
const SEARCHES = ['Search', 'Find flights', 'Go'];
const TEST_AIRPORTS = [
  'Appleton, WI (ATW)', 'Aspen, CO (ASE)', 'Bakersfield, CA (BFL)', 'Birmingham, AL (BHM)', 'Boston, MA (BOS)', 'Buffalo, NY (BUF)',
  'Burbank, CA (BUR)', 'Cedar Rapids, IA (CID)', 'Chicago, IL (ORD)', 'Chicago, IL (MDW)', 'Cleveland, OH (CLE)', 'Denver, CO (DEN)',
  'Durango, CO (DRO)', 'Indianapolis, IN (IND)', 'Jackson, MS (JAN)', 'Key West, FL (EYW)', 'Long Beach, CA (LGB)', 'Los Angeles, CA (LAX)',
  'Louisville, KY (SDF)', 'Lubbock, TX (LBB)', 'Manchester, NH (MHT)', 'Memphis, TN (MEM)', 'Minneapolis, MN (MSP)', 'Monterey, CA (MRY)',
  'Myrtle Beach, SC (MYR)', 'New Orleans, LA (MSY)', 'Oklahoma City, OK (OKC)', 'Orlando, FL (MCO)', 'Phoenix, AZ (PHX)', 'Richmond, VA (RIC)',
  'San Diego, CA (SAN)', 'Sioux Falls, SD (FSD)', 'St. Louis, MO (STL)', 'Tulsa, OK (TUL)', 'Washington, DC (DCA)', 'Washington, DC (IAD)',
];

// The goal's flights: the cheapest is the second, the shortest the third
const FLIGHTS: Flight[] = [{ depart: 0, duration: 65, price: 300 }, { depart: 720, duration: 800, price: 120 }, { depart: 1430, duration: 45, price: 500 }];
const MDW = 'Chicago, IL (MDW)';
const DEN = 'Denver, CO (DEN)';

/** Test split, search page, empty: the cheapest flight from Chicago to DEN on 11/15/2016, 3 suggestions a field. */
const state = (over: Partial<State> = {}): State => ({
  split: 'test', want: { from: 'Chicago', to: 'DEN', date: { year: 2016, month: 11, day: 15 }, by: 'cheapest' },
  flights: FLIGHTS.map((f) => ({ ...f })), key: 'k', maxFlights: 4, limit: 3, from: '', to: '',
  picker: { open: false, year: 2016, month: 12, value: '' }, page: 'search', searched: { from: '', to: '', date: '' },
  dateLabel: 'Date', heading: 'Flights', labels: { from: 'From', to: 'To', search: 'Go' }, ...over,
});
/** Searched MDW to DEN on `date`: the results page. */
const results = (date = '11/15/2016', over: Partial<State> = {}): State =>
  state({ from: MDW, to: DEN, picker: { open: false, year: 2016, month: 11, value: date }, page: 'results', searched: { from: MDW, to: DEN, date }, ...over });
/** The options a field lists for its text. */
const options = (s: State) => drawn(def, s).elements.filter((e) => e.role === 'option').map((e) => e.name);

describe('book-flight-full: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(bookFlightFull).toMatchObject({ id: 'book-flight-full', suite: 'web', family: 'book-flight-full', maxTurns: 16, miniwob: 'book-flight' });
    expect(bookFlightFull.description).toBe('Search flights with two autocomplete fields and a date picker, then book the cheapest or shortest.');
    expect(bookFlightFull.options).toEqual([
      { name: 'flights', doc: 'most flights a search finds (fewest is 3)', kind: 'int', default: 4, min: 3, max: 8 },
      { name: 'suggestions', doc: 'most suggestions an autocomplete field lists', kind: 'int', default: 5, min: 2, max: 10 },
    ]);
    expect(bookFlightFull.levels).toEqual([{ flights: 3, suggestions: 8 }, { flights: 4, suggestions: 5 }, { flights: 8, suggestions: 3 }]);
  });

  it('each split\'s airports are those of its cities, in list order, searched in any case', () => {
    expect(AIRPORTS.filter((a) => inSplit(airportParts(a).city, 'test'))).toEqual(TEST_AIRPORTS);
    expect(AIRPORTS.filter((a) => inSplit(airportParts(a).city, 'train'))).toHaveLength(108);
    // The first test to list each split's airports, which the family keeps once listed with a lower-cased copy that
    // the autocomplete searches: a lower-case text finds airports written with capitals.
    expect(options(state({ to: 'chicago' }))).toEqual(['Chicago, IL (ORD)', MDW]);
    expect(options(state({ split: 'train', to: 'dallas' }))).toEqual(['Dallas, TX (DFW)', 'Dallas, TX (DAL)']);
  });
});

describe('book-flight-full: init on a scripted stream', () => {
  it('origin, another airport, the day, city or code for each, the ask, the layout, the flights, the key', () => {
    // test layout 0 is 103: date label 103 % 3 = 1, heading 34 % 3 = 1, fields 11 % 4 = 3, search 103 / 36 = 2
    expect(layoutOf(scripted([0]), test, 'book-flight-full', 108)).toBe(103);
    // origin 8 (Chicago ORD); destination (8 + 1 + 2) % 36 = 11 (Denver); day 45 after Oct 1 = Nov 15;
    // city, code, cheapest; 3 flights
    const rng = scripted([8, 2, 45, 0, 1, 0, 0, 0, 0, 20, 250, 720, 755, 70, 1430, 0, 450]);
    rng.nextU32 = () => (rng.asked.push('u32'), 7);
    const { goal, state: s } = def.init(rng, { flights: 4, suggestions: 3 }, test);
    expect(goal).toBe('Book the cheapest one-way flight from: Chicago to: DEN on 11/15/2016.');
    expect(rng.asked).toEqual([
      'int(36)', 'int(35)', 'int(92)', 'int(2)', 'int(2)', 'int(2)', 'int(27)', 'int(2)',
      'int(1440)', 'int(2116)', 'int(1151)', 'int(1440)', 'int(2116)', 'int(1151)', 'int(1440)', 'int(2116)', 'int(1151)', 'u32',
    ]);
    expect(s).toEqual(state({
      want: { from: 'Chicago', to: 'DEN', date: { year: 2016, month: 11, day: 15 }, by: 'cheapest' }, key: '7',
      dateLabel: 'Depart on', heading: 'Find a flight', labels: { from: 'Leaving from', to: 'Going to', search: 'Go' },
    }));
  });

  it('the destination wraps past the list\'s end and is never the origin; the last day, code, city, shortest; up to most flights', () => {
    // origin 35 (Washington IAD), (35 + 1 + 34) % 36 = 34 (Washington DCA); day 91 = Dec 31
    const rng = scripted([35, 34, 91, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    rng.nextU32 = () => 1;
    const { goal, state: s } = def.init(rng, { flights: 4, suggestions: 3 }, test);
    expect(goal).toBe('Book the shortest one-way flight from: IAD to: Washington on 12/31/2016.');
    expect(s.flights).toEqual([0, 1, 2, 3].map(() => ({ depart: 0, duration: 45, price: 50 })));
    expect(s.maxFlights).toBe(4);
    expect(rng.left).toEqual([]);
    // origin 0, destination 0 + 1 + 0 = 1; the first day
    const r0 = scripted([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    r0.nextU32 = () => 1;
    expect(def.init(r0, { flights: 3, suggestions: 3 }, test).goal).toBe('Book the cheapest one-way flight from: Appleton to: Aspen on 10/01/2016.');
    expect(r0.asked[7]).toBe('int(1)');
  });

  it('every layout of each split decodes to a date label, heading, field labels and search label; test holds 27', () => {
    for (const [pools, count] of [[train, 81], [test, 27]] as const) {
      for (let i = 0; i < count; i++) {
        const code = layoutOf(scripted([i]), pools, 'book-flight-full', 108);
        const rng = scripted([0, 0, 0, 0, 0, 0, i, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        rng.nextU32 = () => 1;
        const { state: s } = def.init(rng, { flights: 3, suggestions: 3 }, pools);
        const fields = FIELDS[Math.floor(code / 9) % 4];
        expect([s.dateLabel, s.heading, s.labels]).toEqual([
          DATE_LABELS[code % 3], HEADINGS[Math.floor(code / 3) % 3], { from: fields[0], to: fields[1], search: SEARCHES[Math.floor(code / 36)] },
        ]);
      }
    }
  });
});

describe('book-flight-full: over seeds', () => {
  it('airports of the split, two cities apart or not, each named by city or code; the expert books it', () => {
    for (const split of ['train', 'test'] as const) {
      const seen = new Set<string>();
      for (let seed = 0; seed < 16; seed++) {
        const env = bookFlightFull.create();
        env.reset({ seed, split, options: { flights: 5, suggestions: 4 } });
        const s = (env as unknown as { state: State }).state;
        expect([s.split, s.maxFlights, s.limit]).toEqual([split, 5, 4]);
        expect(s.flights.length).toBeGreaterThanOrEqual(3);
        expect(s.flights.length).toBeLessThanOrEqual(5);
        for (const w of [s.want.from, s.want.to]) {
          const a = AIRPORTS.find((x) => x.includes(w)) as string;
          expect(inSplit(airportParts(a).city, split)).toBe(true);
          seen.add(w === airportParts(a).code ? 'code' : 'city');
        }
        seen.add(s.want.by);
        let r;
        for (let t = 0; t < 16 && !r?.terminated; t++) r = env.step(bookFlightFull.expert(env));
        expect(r, `${split} ${seed}`).toMatchObject({ terminated: true, reward: 1 });
      }
      expect([...seen].sort()).toEqual(['cheapest', 'city', 'code', 'shortest']);
    }
  });
});

describe('book-flight-full: the search page', () => {
  it('draws the heading, the two fields, the date field and the search button', () => {
    expect(lines(drawn(def, state()))).toEqual([
      "1 heading 'Flights'", "2 textbox 'From' = \"\"", "3 textbox 'To' = \"\"", "4 textbox 'Date' = \"\" [collapsed]", "5 button 'Go'",
    ]);
    expect(lines(drawn(def, state({ from: 'chi', picker: { open: true, year: 2016, month: 10, value: '' } }))).slice(0, 7)).toEqual([
      "1 heading 'Flights'", "2 textbox 'From' = \"chi\"", "3 option 'Chicago, IL (ORD)' depth 1", "4 option 'Chicago, IL (MDW)' depth 1",
      "5 textbox 'To' = \"\"", "6 textbox 'Date' = \"\" [expanded]", "7 button 'Prev' depth 1 [disabled]",
    ]);
  });

  it('suggests the airports holding the text, any case, outer spaces trimmed, up to the limit; none for an airport', () => {
    expect(options(state({ to: 'ms' }))).toEqual(['Jackson, MS (JAN)', 'Minneapolis, MN (MSP)', 'New Orleans, LA (MSY)']);
    expect(options(state({ to: ' Ms ', limit: 2 }))).toEqual(['Jackson, MS (JAN)', 'Minneapolis, MN (MSP)']);
    expect(options(state({ from: 'ms', to: 'ms', limit: 4 }))).toHaveLength(6);
    expect(options(state({ to: 'denver, co (den)' }))).toEqual([DEN]);
    expect(options(state({ to: DEN }))).toEqual([]);
    expect(options(state({ to: '  ' }))).toEqual([]);
    expect(options(state({ to: 'zz' }))).toEqual([]);
    // the train split's airports for the same text
    expect(options(state({ split: 'train', to: 'ms' }))).not.toContain('Jackson, MS (JAN)');
  });

  it('typing fills a field; an option fills it with its airport', () => {
    const env = envWith(bookFlightFull, state());
    env.step('fill(2, "chi")');
    expect(env.state.from).toBe('chi');
    env.step('click(4)');
    expect([env.state.from, env.state.to]).toEqual([MDW, '']);
    env.step('fill(3, "ms")');
    env.step('click(4)');
    expect([env.state.from, env.state.to]).toEqual([MDW, 'Jackson, MS (JAN)']);
  });

  it('Search wants two airports of the split and a date', () => {
    // Go is element 5, or later past a field's options
    const go = (s: State) => envWith(bookFlightFull, s).step(`click(${drawn(def, s).idOf('button', 'Go')})`).info.lastActionError;
    expect(go(state())).toBe('click(5): From and To needs an airport from the suggestions');
    expect(go(state({ from: MDW, to: 'Denver' }))).toBe('click(6): To needs an airport from the suggestions');
    expect(go(state({ from: 'chicago, il (mdw)', to: DEN }))).toBe('click(6): From needs an airport from the suggestions');
    expect(go(state({ split: 'train', from: MDW, to: DEN }))).toBe('click(5): From and To needs an airport from the suggestions');
    expect(go(state({ from: MDW, to: DEN }))).toBe('click(5): choose a departure date');
    const env = envWith(bookFlightFull, state({ from: MDW, to: DEN, picker: { open: false, year: 2016, month: 11, value: '11/15/2016' } }));
    expect(env.step('click(5)')).toMatchObject({ terminated: false, info: { progress: 0.8 } });
    expect([env.state.page, env.state.searched]).toEqual(['results', { from: MDW, to: DEN, date: '11/15/2016' }]);
    expect(env.step('back()').info.lastActionError).toBeUndefined();
    expect(env.state.page).toBe('search');
    expect(env.step('back()').info.lastActionError).toBe('back(): there is no previous page');
  });
});

describe('book-flight-full: the results page', () => {
  it('the goal\'s search lists the episode\'s flights: 12-hour times, the days, the time in the air, the prices', () => {
    expect(lines(drawn(def, results()))).toEqual([
      "1 button 'Back'",
      "2 heading 'MDW to DEN | 11/15/2016'",
      "3 text 'Depart 12:00 AM Tue Nov 15 2016, arrive 1:05 AM Tue Nov 15 2016, 1h 5m'",
      "4 button 'Book flight for $300' depth 1",
      "5 text 'Depart 12:00 PM Tue Nov 15 2016, arrive 1:20 AM Wed Nov 16 2016, 13h 20m'",
      "6 button 'Book flight for $120' depth 1",
      "7 text 'Depart 11:50 PM Tue Nov 15 2016, arrive 12:35 AM Wed Nov 16 2016, 0h 45m'",
      "8 button 'Book flight for $500' depth 1",
    ]);
    // a new search of the same route is listed afresh: an 11:59 AM flight, 36 hours, arriving the next day at 11:59 PM
    const s = results('11/15/2016', { flights: [{ depart: 719, duration: 2160, price: 99 }, ...FLIGHTS] });
    expect(lines(drawn(def, s))[2]).toBe("3 text 'Depart 11:59 AM Tue Nov 15 2016, arrive 11:59 PM Wed Nov 16 2016, 36h 0m'");
  });

  it('another search lists flights made from the key and that search', () => {
    const draws = () => {
      const r = new Rng(`k/${MDW}/${DEN}/11/16/2016`);
      const n = r.range(3, 4);
      return [n, ...[0, 1, 2].map(() => [r.int(1440), r.range(45, 2160), r.range(50, 1200)])];
    };
    expect(draws()).toEqual([3, [1407, 1880, 640], [1085, 90, 579], [822, 871, 112]]);
    const l = lines(drawn(def, results('11/16/2016')));
    expect(l).toHaveLength(8);
    expect(l.slice(1, 4)).toEqual([
      "2 heading 'MDW to DEN | 11/16/2016'",
      "3 text 'Depart 11:27 PM Wed Nov 16 2016, arrive 6:47 AM Fri Nov 18 2016, 31h 20m'",
      "4 button 'Book flight for $640' depth 1",
    ]);
    expect(l[6]).toBe("7 text 'Depart 1:42 PM Wed Nov 16 2016, arrive 4:13 AM Thu Nov 17 2016, 14h 31m'");
  });

  it('Book succeeds on the asked flight of the goal\'s search (any airport of the city, ties too), fails for good otherwise', () => {
    const book = (s: State, id: number) => envWith(bookFlightFull, s).step(`click(${id})`);
    expect(book(results(), 6)).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
    expect(book(results(), 4)).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(book(results(), 8)).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    const shortest = { want: { from: 'Chicago', to: 'DEN', date: { year: 2016, month: 11, day: 15 }, by: 'shortest' as const } };
    expect(book(results('11/15/2016', shortest), 8)).toMatchObject({ reward: 1 });
    expect(book(results('11/15/2016', shortest), 6)).toMatchObject({ reward: 0 });
    const tie = { flights: [{ depart: 5, duration: 60, price: 120 }, ...FLIGHTS] };
    expect(book(results('11/15/2016', tie), 4)).toMatchObject({ reward: 1 });
    expect(book(results('11/15/2016', tie), 8)).toMatchObject({ reward: 1 });
    // another search: its cheapest ($112) fails; so do searches from or to the wrong place
    expect(book(results('11/16/2016'), 8)).toMatchObject({ terminated: true, reward: 0 });
    expect(book(results('11/15/2016', { searched: { from: 'Boston, MA (BOS)', to: DEN, date: '11/15/2016' } }), 6)).toMatchObject({ reward: 0 });
    expect(book(results('11/15/2016', { searched: { from: MDW, to: 'Aspen, CO (ASE)', date: '11/15/2016' } }), 6)).toMatchObject({ reward: 0 });
  });

  it('Back returns to the search page as it was', () => {
    const env = envWith(bookFlightFull, results());
    expect(env.step('click(1)').info.lastActionError).toBeUndefined();
    expect([env.state.page, env.state.from, env.state.picker.value]).toEqual(['search', MDW, '11/15/2016']);
  });
});

describe('book-flight-full: progress and the expert', () => {
  it('progress: 0.2 for each of From, To (an airport holding the goal\'s word) and the date; 0.8 on the goal\'s results', () => {
    const date = { open: false, year: 2016, month: 11, value: '11/15/2016' };
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ from: MDW }))).toBeCloseTo(0.2, 12);
    expect(def.progress(state({ from: 'Chicago' }))).toBe(0);
    expect(def.progress(state({ to: DEN }))).toBeCloseTo(0.2, 12);
    expect(def.progress(state({ to: 'DEN' }))).toBe(0);
    expect(def.progress(state({ picker: date }))).toBeCloseTo(0.2, 12);
    expect(def.progress(state({ from: MDW, to: DEN, picker: date }))).toBeCloseTo(0.6, 12);
    expect(def.progress(results())).toBe(0.8);
    expect(def.progress(results('11/16/2016'))).toBe(0);
  });

  it('the expert types the goal\'s word, picks the first airport holding it, then To the same way', () => {
    const expert = (over: Partial<State>) => bookFlightFull.expert(envWith(bookFlightFull, state(over)));
    expect(expert({})).toBe('fill(2, "Chicago")');
    expect(expert({ from: 'Chicago' })).toBe('click(3)');
    expect(expert({ from: 'chi' })).toBe('click(3)');
    expect(expert({ from: 'den' })).toBe('fill(2, "Chicago")');
    expect(expert({ from: MDW })).toBe('fill(3, "DEN")');
    expect(expert({ from: MDW, to: 'DEN' })).toBe('click(4)');
    expect(expert({ from: MDW, to: 'Denver' })).toBe('click(4)');
    // a field holding another airport with the goal's word is right as it is
    expect(expert({ from: 'Chicago, IL (ORD)', to: DEN })).toBe('click(4)');
  });

  it('types the airport out when the list is too short to show it', () => {
    // train: 'LAS' lists Dallas (DFW), Dallas (DAL), then Las Vegas
    const want = { from: 'LAS', to: 'Boston', date: { year: 2016, month: 11, day: 15 }, by: 'cheapest' as const };
    const expert = (over: Partial<State>) => bookFlightFull.expert(envWith(bookFlightFull, state({ split: 'train', want, ...over })));
    expect(expert({ limit: 3 })).toBe('fill(2, "LAS")');
    expect(expert({ limit: 3, from: 'LAS' })).toBe('click(5)');
    expect(expert({ limit: 2 })).toBe('fill(2, "Las Vegas, NV (LAS)")');
    expect(expert({ limit: 2, from: 'LAS' })).toBe('fill(2, "Las Vegas, NV (LAS)")');
  });

  it('then the date through the picker, Search, and the asked flight; back() from another search; 16 turns', () => {
    const expert = (s: State) => bookFlightFull.expert(envWith(bookFlightFull, s));
    expect(expert(state({ from: MDW, to: DEN }))).toBe('click(4)');
    expect(expert(state({ from: MDW, to: DEN, picker: { open: true, year: 2016, month: 12, value: '' } }))).toBe('click(5)');
    expect(expert(state({ from: MDW, to: DEN, picker: { open: false, year: 2016, month: 11, value: '11/15/2016' } }))).toBe('click(5)');
    expect(expert(results())).toBe('click(6)');
    expect(expert(results('11/15/2016', { want: { from: 'Chicago', to: 'DEN', date: { year: 2016, month: 11, day: 15 }, by: 'shortest' } }))).toBe('click(8)');
    expect(expert(results('11/16/2016'))).toBe('back()');
    const t = envWith(bookFlightFull, state());
    for (let i = 1; i < 16; i++) expect(t.step('click(1)').truncated).toBe(false);
    expect(t.step('click(1)')).toMatchObject({ terminated: false, truncated: true });
  });
});
