// flight-booking (no MiniWoB++ counterpart: MiniWoB's book-flight is book-flight-full): a three-page mini-app. Search a
// route and day, book the cheapest or the earliest flight of the results (listed in no particular order) and enter
// the passenger's name. Cities and names come from the split's pools. Whether the Day list comes above or below the
// route is a coin flip in both splits; the search page's layout (a split like any content) is a heading and a note
// under Search, 4 x 3 combinations of which the test split holds out 3.

import { Rng } from '../../core/rng';
import { CITY_NAMES, PERSON_FIRST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { addList, emptyList, type ListState } from './controls';
import { addFrameHeading, addFrameNote, Frames, type Frame } from './layout';
import { defineWebTask, navBack, navigate, type Nav, onClick, onFill, type Page } from './page';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export interface Flight {
  minutes: number; // departure, minutes after midnight
  price: number;
  label: string; // as the results list shows it
}

export interface State {
  key: string; // seeds the flight tables
  cities: string[];
  days: string[];
  flightsPerDay: number;
  want: { from: string; to: string; day: string; by: 'cheapest' | 'earliest'; name: string };
  nav: Nav; // pages: search, results, passenger
  from: ListState;
  to: ListState;
  day: ListState;
  dayFirst: boolean; // the Day list above the route
  frame: Frame; // the search page's heading and the note under Search
  results: Flight[]; // in display order
  booked: number;
  name: string;
}

/** The search page's layouts: a heading above the lists and a note under Search ('' for none). */
const FRAMES = new Frames('flight-booking', ['', 'Find a flight', 'Flight search', 'Plan your trip'], ['', 'Prices include taxes', 'Times are local']);

const OPTIONS = [intOption('flights', 'flights on each route and day', 4, 2, 6), intOption('cities', 'cities to choose from', 4, 2, 8)];

const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** `k` distinct integers in [0, n), in random order (k is small next to n). */
function distinct(rng: Rng, n: number, k: number): number[] {
  const out: number[] = [];
  while (out.length < k) {
    const x = rng.int(n);
    if (!out.includes(x)) out.push(x);
  }
  return out;
}

/** The flights of the chosen route and day, in a display order of their own (times and prices unsorted). */
function flights(s: State): Flight[] {
  const rng = new Rng(`${s.key}/${s.from.value}/${s.to.value}/${s.day.value}`);
  const prices = distinct(rng, 60, s.flightsPerDay);
  return distinct(rng, 36, s.flightsPerDay).map((slot, i) => {
    const minutes = 300 + 30 * slot;
    const price = 60 + 5 * prices[i];
    return { minutes, price, label: `${clock(minutes)} price ${price}` };
  });
}

function best(s: State): number {
  const key = s.want.by === 'earliest' ? 'minutes' : 'price';
  // Stryker disable next-line EqualityOperator: a search's prices and its times are each distinct, so no two flights tie and <= keeps the same one
  return s.results.reduce((b, f, i) => (f[key] < s.results[b][key] ? i : b), 0);
}

const routeOk = (s: State) => s.from.value === s.want.from && s.to.value === s.want.to && s.day.value === s.want.day;

function drawSearch(s: State, page: Page): void {
  addFrameHeading(s.frame, page);
  if (s.dayFirst) addList(page, 'Day', s.days, s.day);
  addList(page, 'From', s.cities, s.from);
  addList(page, 'To', s.cities, s.to);
  if (!s.dayFirst) addList(page, 'Day', s.days, s.day);
  page.add('button', 'Search', undefined, onClick(() => {
    if (!s.from.value || !s.to.value || !s.day.value) return 'choose From, To and Day first';
    if (s.from.value === s.to.value) return 'From and To must differ';
    s.results = flights(s);
    navigate(s.nav, 'results');
  }));
  addFrameNote(s.frame, page);
}

export const flightBooking = defineWebTask<State>({
  id: 'flight-booking',
  description: 'Search a route and day, book the cheapest or earliest flight and enter the passenger name.',
  maxTurns: 14,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ flights: 2, cities: 2 }, { flights: 3, cities: 3 }, { flights: 4, cities: 4 }, { flights: 6, cities: 6 }, { cities: 8 }]),
  miniwob: null,
  init(rng, o, pools) {
    const cities = pools.sample(rng, CITY_NAMES, o.cities as number);
    const days = rng.shuffle(DAYS).slice(0, 3);
    // Stryker disable next-line MethodExpression: the destructuring reads the first two either way
    const [from, to] = rng.shuffle(cities).slice(0, 2);
    const name = pools.pick(rng, PERSON_FIRST);
    const frame = FRAMES.draw(rng, pools);
    const want = { from, to, day: rng.pick(days), by: rng.pick(['cheapest', 'earliest'] as const), name };
    return {
      goal: `Book the ${want.by} flight from ${from} to ${to} on ${want.day} for ${name}.`,
      state: {
        key: rng.split('flights').key, cities, days, flightsPerDay: o.flights as number, want, nav: { page: 'search', history: [] },
        from: emptyList(), to: emptyList(), day: emptyList(), dayFirst: rng.chance(0.5),
        frame,
        results: [], booked: -1, name: '',
      },
    };
  },
  draw(s, page) {
    if (s.nav.page === 'search') return drawSearch(s, page);
    if (s.nav.page === 'results') {
      page.add('heading', `${s.from.value} to ${s.to.value} on ${s.day.value}`);
      s.results.forEach((f, i) => {
        page.add('row', f.label);
        page.add('button', `Book ${i + 1}`, { depth: 1 }, onClick(() => void ((s.booked = i), navigate(s.nav, 'passenger'))));
      });
      return;
    }
    const f = s.results[s.booked];
    page.add('heading', `Passenger for ${clock(f.minutes)} ${s.from.value} to ${s.to.value}`);
    page.add('textbox', 'Name', { value: s.name }, onFill((t) => void (s.name = t)));
    page.add('button', 'Confirm', undefined, onClick(() => page.end(routeOk(s) && s.booked === best(s) && s.name.trim() === s.want.name)));
  },
  back: (s) => navBack(s.nav),
  progress(s) {
    const route = [s.from.value === s.want.from, s.to.value === s.want.to, s.day.value === s.want.day].filter(Boolean).length / 3;
    if (s.nav.page === 'search' || !routeOk(s)) return 0.4 * route;
    if (s.nav.page === 'results') return 0.5;
    return s.booked === best(s) ? 0.7 : 0.5;
  },
  expert(s, page) {
    const w = s.want;
    if (s.nav.page === 'search') {
      if (s.from.value !== w.from) return `select(${page.idOf('combobox', 'From')}, "${w.from}")`;
      if (s.to.value !== w.to) return `select(${page.idOf('combobox', 'To')}, "${w.to}")`;
      if (s.day.value !== w.day) return `select(${page.idOf('combobox', 'Day')}, "${w.day}")`;
      return `click(${page.idOf('button', 'Search')})`;
    }
    if (!routeOk(s)) return 'back()';
    if (s.nav.page === 'results') return `click(${page.idOf('button', `Book ${best(s) + 1}`)})`;
    if (s.booked !== best(s)) return 'back()';
    if (s.name !== w.name) return `fill(${page.idOf('textbox', 'Name')}, "${w.name}")`;
    return `click(${page.idOf('button', 'Confirm')})`;
  },
});
