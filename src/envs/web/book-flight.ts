// book-flight (WebArena-Lite style): search flights by route and day, book the cheapest or earliest, name the passenger.

import { Rng } from '../../core/rng';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { CITIES, FIRST_NAMES, sample } from '../words';
import { addSelect } from './choose-list';
import { defineWebTask, navBack, navigate, type Nav, onClick, onFill } from './page';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
const TIMES = ['06:00', '07:30', '09:00', '10:30', '12:00', '13:30', '15:00', '16:30', '18:00', '19:30', '21:00'];

interface Flight {
  time: string;
  price: number;
}

interface State {
  key: string; // seeds the flight tables
  cities: string[];
  days: string[];
  flightsPerDay: number;
  want: { from: string; to: string; day: string; by: 'cheapest' | 'earliest'; name: string };
  nav: Nav; // pages: search, results, passenger
  from: string;
  to: string;
  day: string;
  results: Flight[];
  booked: number;
  name: string;
}

function flights(s: State): Flight[] {
  const rng = new Rng(`${s.key}/${s.from}/${s.to}/${s.day}`);
  const times = sample(rng, TIMES, s.flightsPerDay).sort();
  const prices = sample(rng, [...Array(40).keys()], s.flightsPerDay).map((p) => 80 + 10 * p);
  return times.map((time, i) => ({ time, price: prices[i] }));
}

function best(s: State): number {
  const r = s.results;
  if (s.want.by === 'earliest') return 0;
  return r.reduce((b, f, i) => (f.price < r[b].price ? i : b), 0);
}

const routeOk = (s: State) => s.from === s.want.from && s.to === s.want.to && s.day === s.want.day;

const OPTIONS = [intOption('flights', 'flights on each route and day', 3, 2, 6), intOption('cities', 'cities to choose from', 3, 2, 6)];

export const bookFlight = defineWebTask<State>({
  id: 'book-flight',
  description: 'Search a route and day, book the cheapest or earliest flight and enter the passenger name.',
  maxTurns: 14,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{}, { flights: 4, cities: 4 }, { flights: 6, cities: 6 }]),
  miniwob: null,
  init(rng, o) {
    const cities = sample(rng, CITIES, o.cities as number);
    const days = sample(rng, DAYS, 3);
    const [from, to] = sample(rng, cities, 2);
    const want = { from, to, day: rng.pick(days), by: rng.pick(['cheapest', 'earliest'] as const), name: rng.pick(FIRST_NAMES) };
    return {
      goal: `Book the ${want.by} flight from ${from} to ${to} on ${want.day} for ${want.name}.`,
      state: {
        key: rng.split('flights').key, cities, days, flightsPerDay: o.flights as number, want,
        nav: { page: 'search', history: [] }, from: '', to: '', day: '', results: [], booked: -1, name: '',
      },
    };
  },
  draw(s, page) {
    if (s.nav.page === 'search') {
      addSelect(page, 'From', s.cities, s.from, (v) => void (s.from = v));
      addSelect(page, 'To', s.cities, s.to, (v) => void (s.to = v));
      addSelect(page, 'Day', s.days, s.day, (v) => void (s.day = v));
      page.add('button', 'Search', undefined, onClick(() => {
        if (!s.from || !s.to || !s.day) return 'choose From, To and Day first';
        if (s.from === s.to) return 'From and To must differ';
        s.results = flights(s);
        navigate(s.nav, 'results');
      }));
    } else if (s.nav.page === 'results') {
      page.add('heading', `${s.from} to ${s.to} on ${s.day}`);
      s.results.forEach((f, i) => {
        page.add('row', `${f.time} price ${f.price}`);
        page.add('button', `Book ${i + 1}`, undefined, onClick(() => void ((s.booked = i), navigate(s.nav, 'passenger'))));
      });
    } else {
      const f = s.results[s.booked];
      page.add('heading', `Passenger for ${f.time} ${s.from} to ${s.to}`);
      page.add('textbox', 'Name', { value: s.name }, onFill((t) => void (s.name = t)));
      page.add('button', 'Confirm', undefined, onClick(() => page.end(routeOk(s) && s.booked === best(s) && s.name.trim() === s.want.name)));
    }
  },
  back: (s) => navBack(s.nav),
  progress(s) {
    const route = [s.from === s.want.from, s.to === s.want.to, s.day === s.want.day].filter(Boolean).length / 3;
    if (s.nav.page === 'search' || !routeOk(s)) return 0.4 * route;
    if (s.nav.page === 'results') return 0.5;
    return s.booked === best(s) ? 0.7 : 0.5;
  },
  expert(s, page) {
    const w = s.want;
    if (s.nav.page === 'search') {
      if (s.from !== w.from) return `select(${page.idOf('combobox', 'From')}, "${w.from}")`;
      if (s.to !== w.to) return `select(${page.idOf('combobox', 'To')}, "${w.to}")`;
      if (s.day !== w.day) return `select(${page.idOf('combobox', 'Day')}, "${w.day}")`;
      return `click(${page.idOf('button', 'Search')})`;
    }
    if (!routeOk(s)) return 'back()';
    if (s.nav.page === 'results') return `click(${page.idOf('button', `Book ${best(s) + 1}`)})`;
    if (s.booked !== best(s)) return 'back()';
    if (s.name !== w.name) return `fill(${page.idOf('textbox', 'Name')}, "${w.name}")`;
    return `click(${page.idOf('button', 'Confirm')})`;
  },
});
