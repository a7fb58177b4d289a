// book-flight-full (MiniWoB++'s book-flight): a flight search with two autocomplete fields (From, To), a pop-up
// date picker and Search; the results page lists flights in no particular order, each with its times, duration and
// a Book button. Book the cheapest or the shortest flight of the goal's route and day. A search for anything else
// shows other flights, and booking one of them fails.

import { Rng } from '../../core/rng';
import { levelTable } from '../levels';
import { AIRPORTS, airportParts } from '../lexicon/airports';
import { intOption } from '../options';
import { poolsOf, type Split } from '../split';
import { listOf } from './controls';
import { dayNumber, formatDate, fromDayNumber, longDate, parseDate, type Day } from './dates';
import { datePickerStep, drawDatePicker, newDatePicker, type DatePicker } from './date-picker';
import { Choices, Layouts } from './layout';
import { defineWebTask, onClick, onFill, type Page } from './page';

const FIRST: Day = { year: 2016, month: 10, day: 1 };
const LAST: Day = { year: 2016, month: 12, day: 31 };
/** Airports belong to the split of their city, so a city's airports (Chicago's two) share one split. */
// Stryker disable next-line StringLiteral: the key names the airports only in Choices' empty-split error, and both splits hold many
const AIRPORT_CHOICES = new Choices('book-flight-full airports', (i) => airportParts(AIRPORTS[i]).city);

/** A split's airports, listed once: in list order, lower-cased for the autocomplete, and as a set; and the
 * suggestions already listed for a text, by the most a field lists (cleared past SUGGESTED_MAX texts). */
interface Airports {
  list: readonly string[];
  lower: readonly string[];
  set: ReadonlySet<string>;
  suggested: Map<number, Map<string, readonly string[]>>;
}
const SUGGESTED_MAX = 4096;
const airportsBySplit = new Map<Split, Airports>();

function airportsOf(split: Split): Airports {
  let a = airportsBySplit.get(split);
  // Stryker disable next-line ConditionalExpression: a cache; listing the split's airports again gives the same list
  if (!a) {
    const list = AIRPORT_CHOICES.of(poolsOf(split), AIRPORTS.length).map((i) => AIRPORTS[i]);
    airportsBySplit.set(split, (a = { list, lower: list.map((x) => x.toLowerCase()), set: new Set(list), suggested: new Map() }));
  }
  return a;
}
const DATE_LABELS = ['Departure Date', 'Depart on', 'Date'];
const HEADINGS = ['Book Your One-Way Flight', 'Find a flight', 'Flights'];
const FIELD_LABELS: readonly (readonly [string, string])[] = [['From:', 'To:'], ['From', 'To'], ['Origin', 'Destination'], ['Leaving from', 'Going to']];
const SEARCH_LABELS = ['Search', 'Find flights', 'Go'];
const LAYOUTS = new Layouts('book-flight-full', [DATE_LABELS.length, HEADINGS.length, FIELD_LABELS.length, SEARCH_LABELS.length]);

const OPTIONS = [
  intOption('flights', 'most flights a search finds (fewest is 3)', 4, 3, 8),
  intOption('suggestions', 'most suggestions an autocomplete field lists', 5, 2, 10),
];

export interface Flight {
  /** Minutes after midnight of the departure day. */
  depart: number;
  /** Minutes in the air. */
  duration: number;
  price: number;
}

export interface State {
  split: Split;
  want: { from: string; to: string; date: Day; by: 'cheapest' | 'shortest' };
  flights: Flight[];
  /** Seeds the flights of any other search. */
  key: string;
  maxFlights: number;
  limit: number;
  from: string;
  to: string;
  picker: DatePicker;
  page: 'search' | 'results';
  /** The search that produced the results page. */
  searched: { from: string; to: string; date: string };
  dateLabel: string;
  heading: string;
  labels: { from: string; to: string; search: string };
}

function makeFlights(rng: Rng, max: number): Flight[] {
  return listOf(rng.range(3, max), () => ({ depart: rng.int(24 * 60), duration: rng.range(45, 36 * 60), price: rng.range(50, 1200) }));
}

const clock = (m: number) => `${((Math.floor(m / 60) + 11) % 12) + 1}:${String(m % 60).padStart(2, '0')} ${m % 1440 < 720 ? 'AM' : 'PM'}`;

const isAirport = (s: State, text: string) => airportsOf(s.split).set.has(text);

/** Suggestions for a field's text: the airports containing it (case-insensitive), none once it names one. Listed
 * once per split, limit and text (fields keep their texts over several drawings, and goals' texts recur). */
function suggestions(s: State, text: string): readonly string[] {
  const airports = airportsOf(s.split);
  let byText = airports.suggested.get(s.limit);
  // Stryker disable next-line ConditionalExpression: a cache; a new map for every call lists the same suggestions
  if (!byText) airports.suggested.set(s.limit, (byText = new Map()));
  let out = byText.get(text);
  // Stryker disable next-line ConditionalExpression: a cache; listing the text again gives the same suggestions
  if (!out) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the cache's bound; clearing it sooner, later or never lists the same suggestions
    if (byText.size >= SUGGESTED_MAX) byText.clear();
    byText.set(text, (out = listSuggestions(airports, s.limit, text)));
  }
  return out;
}

function listSuggestions(airports: Airports, limit: number, text: string): string[] {
  const t = text.trim().toLowerCase();
  if (t === '' || airports.set.has(text)) return [];
  const out: string[] = [];
  for (let i = 0; i < airports.list.length && out.length < limit; i++) if (airports.lower[i].includes(t)) out.push(airports.list[i]);
  return out;
}

const searchedRight = (s: State) =>
  s.searched.from.includes(s.want.from) && s.searched.to.includes(s.want.to) && s.searched.date === formatDate(s.want.date);

/** The flights the results page shows: the episode's own for the right search, others for any other search. */
function results(s: State): Flight[] {
  if (searchedRight(s)) return s.flights;
  return makeFlights(new Rng(`${s.key}/${s.searched.from}/${s.searched.to}/${s.searched.date}`), s.maxFlights);
}

function best(s: State, flights: Flight[]): (f: Flight) => boolean {
  const by = s.want.by === 'cheapest' ? (f: Flight) => f.price : (f: Flight) => f.duration;
  const min = Math.min(...flights.map(by));
  return (f) => by(f) === min;
}

const NESTED = { depth: 1 };

function addAutocomplete(s: State, page: Page, field: 'from' | 'to'): void {
  page.add('textbox', s.labels[field], { value: s[field] }, onFill((t) => void (s[field] = t)));
  // One handler serves every suggestion: an option is named by its airport.
  const choose = onClick((e) => void (s[field] = e.name));
  for (const a of suggestions(s, s[field])) page.add('option', a, NESTED, choose);
}

function search(s: State): string | void {
  const bad = (['from', 'to'] as const).filter((f) => !isAirport(s, s[f]));
  if (bad.length > 0) return `${bad.map((f) => s.labels[f]).join(' and ')} needs an airport from the suggestions`;
  if (s.picker.value === '') return 'choose a departure date';
  s.searched = { from: s.from, to: s.to, date: s.picker.value };
  s.page = 'results';
}

/** What a results page shows: its heading, each flight's line and Book button, and which flights are the best. */
interface Listing {
  searched: State['searched'];
  heading: string;
  lines: string[];
  books: string[];
  best: boolean[];
}
/** The listing written last, for the search it shows (an episode draws it again at its last step). */
let lastListing: Listing | undefined;

const code = (airport: string) => airportParts(airport).code;

function listingOf(s: State): Listing {
  // A state's `searched` is a new object at each search, so it names one search of one state.
  // Stryker disable next-line ConditionalExpression: a cache; writing the listing again gives the same listing
  if (lastListing?.searched === s.searched) return lastListing;
  const flights = results(s);
  const isBest = best(s, flights);
  const day = dayNumber(parseDate(s.searched.date) as Day);
  const departDay = longDate(fromDayNumber(day));
  const lines = flights.map((f) => {
    const arrive = f.depart + f.duration;
    const arriveDay = longDate(fromDayNumber(day + Math.floor(arrive / 1440)));
    const hours = `${Math.floor(f.duration / 60)}h ${f.duration % 60}m`;
    return `Depart ${clock(f.depart)} ${departDay}, arrive ${clock(arrive % 1440)} ${arriveDay}, ${hours}`;
  });
  const heading = `${code(s.searched.from)} to ${code(s.searched.to)} | ${s.searched.date}`;
  return (lastListing = { searched: s.searched, heading, lines, books: flights.map((f) => `Book flight for $${f.price}`), best: flights.map(isBest) });
}

function drawResults(s: State, page: Page): void {
  const listing = listingOf(s);
  page.add('button', 'Back', undefined, onClick(() => void (s.page = 'search')));
  page.add('heading', listing.heading);
  // One handler serves every Book button: flight k's is element 2k + 4 (after Back, the heading and k flights).
  const book = onClick((e) => page.end(searchedRight(s) && listing.best[(e.id - 4) / 2]));
  for (let k = 0; k < listing.lines.length; k++) {
    page.add('text', listing.lines[k]);
    page.add('button', listing.books[k], NESTED, book);
  }
}

export const bookFlightFull = defineWebTask<State>({
  id: 'book-flight-full',
  description: 'Search flights with two autocomplete fields and a date picker, then book the cheapest or shortest.',
  maxTurns: 16,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ flights: 3, suggestions: 8 }, { flights: 4, suggestions: 5 }, { flights: 8, suggestions: 3 }]),
  miniwob: 'book-flight',
  init(rng, o, pools) {
    const airports = airportsOf(pools.split).list;
    const first = rng.int(airports.length);
    const second = (first + 1 + rng.int(airports.length - 1)) % airports.length;
    const [origin, destination] = [airports[first], airports[second]].map(airportParts);
    const date = fromDayNumber(rng.range(dayNumber(FIRST), dayNumber(LAST)));
    const want = { from: rng.pick([origin.city, origin.code]), to: rng.pick([destination.city, destination.code]), date, by: rng.pick(['cheapest', 'shortest'] as const) };
    const [dateLabel, heading, fields, searchLabel] = LAYOUTS.draw(rng, pools);
    return {
      goal: `Book the ${want.by} one-way flight from: ${want.from} to: ${want.to} on ${formatDate(date)}.`,
      state: {
        split: pools.split, want, flights: makeFlights(rng, o.flights as number), key: String(rng.nextU32()), maxFlights: o.flights as number,
        limit: o.suggestions as number, from: '', to: '', picker: newDatePicker(LAST), page: 'search', searched: { from: '', to: '', date: '' },
        dateLabel: DATE_LABELS[dateLabel], heading: HEADINGS[heading],
        labels: { from: FIELD_LABELS[fields][0], to: FIELD_LABELS[fields][1], search: SEARCH_LABELS[searchLabel] },
      },
    };
  },
  draw(s, page) {
    if (s.page === 'results') return drawResults(s, page);
    page.add('heading', s.heading);
    addAutocomplete(s, page, 'from');
    addAutocomplete(s, page, 'to');
    drawDatePicker(page, s.dateLabel, s.picker, { first: FIRST, last: LAST });
    page.add('button', s.labels.search, undefined, onClick(() => search(s)));
  },
  back(s) {
    if (s.page === 'search') return 'back(): there is no previous page';
    s.page = 'search';
  },
  progress(s) {
    if (s.page === 'results') return searchedRight(s) ? 0.8 : 0;
    const right = [s.from.includes(s.want.from) && isAirport(s, s.from), s.to.includes(s.want.to) && isAirport(s, s.to), s.picker.value === formatDate(s.want.date)];
    return (0.6 * right.filter(Boolean).length) / 3;
  },
  expert(s, page) {
    if (s.page === 'results') {
      if (!searchedRight(s)) return 'back()';
      const k = s.flights.findIndex(best(s, s.flights));
      // Only the Book buttons' names start with 'Book' (the lines start with 'Depart', the heading with a code).
      return `click(${page.elements.filter((e) => e.name.startsWith('Book'))[k].id})`;
    }
    for (const field of ['from', 'to'] as const) {
      const want = s.want[field];
      if (isAirport(s, s[field]) && s[field].includes(want)) continue;
      // The airport wanted (the city's first), picked from the suggestions for the goal's text; when the list is
      // too short to show it, typed out in full. (A field already holding the goal's text lists what `want` lists.)
      const airport = airportsOf(s.split).list.find((a) => a.includes(want)) as string;
      if (suggestions(s, s[field]).includes(airport)) return `click(${page.idOf('option', airport)})`;
      const typed = suggestions(s, want).includes(airport) ? want : airport;
      return `fill(${page.idOf('textbox', s.labels[field])}, "${typed}")`;
    }
    return datePickerStep(page, s.dateLabel, s.picker, s.want.date) ?? `click(${page.idOf('button', s.labels.search)})`;
  },
});
