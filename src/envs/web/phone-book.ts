// phone-book (MiniWoB++): a contact book showing one contact a page behind pagination links (First, <, the page,
// >, Last); find the named person and click their phone number, email or address. Clicking any contact's detail
// ends the episode, a success only for the right person and detail. A contact's details are written when its page
// is first shown.

import { Rng } from '../../core/rng';
import { levelTable } from '../levels';
import { PERSON_FIRST, PERSON_LAST } from '../lexicon/english';
import { intOption } from '../options';
import { poolsOf, type Split } from '../split';
import { Layouts } from './layout';
import { defineWebTask, onClick, type Handlers, type Page } from './page';

const HOSTS = ['hotmail', 'yahoo', 'gmail', 'aol', 'live', 'fastmail', 'proton', 'zoho'];
const DOMAINS = ['com', 'net', 'org', 'ca', 'us', 'io', 'co', 'eu', 'se', 'jp', 'it', 'mx'];
const STREETS = ['Court', 'Street', 'Road', 'Drive', 'Avenue', 'Lane', 'Place', 'Square', 'Terrace', 'Way', 'Grove', 'Park'];
const DETAILS = ['phone', 'email', 'address'] as const;
type Detail = (typeof DETAILS)[number];
const LABELS: Record<Detail, string> = { phone: 'Phone:', email: 'Email:', address: 'Address:' };
const HEADINGS = ['', 'Contacts', 'Address book', 'Phone book'];
const LAYOUTS = new Layouts('phone-book', [HEADINGS.length, 2]);

const OPTIONS = [intOption('contacts', 'contacts in the book, one a page', 5, 2, 12)];

interface Contact {
  person: string;
  /** Phone, email and address; null until the contact's page is first shown. */
  details: Record<Detail, string> | null;
}

export interface State {
  contacts: Contact[];
  target: number;
  detail: Detail;
  page: number;
  heading: string;
  /** Show the detail labels (Phone:, Email:, Address:) before their links. */
  labelled: boolean;
  /** Seeds the contacts' details, with the split they draw from. */
  key: string;
  split: Split;
}

const digits = (rng: Rng, n: number) => String(rng.int(10 ** n)).padStart(n, '0');

/** Shows contact k, writing its details the first time from `rng` (by default one keyed by the episode and the
 * contact, so a clone or a replay writes the same). */
function show(s: State, k: number, rng?: Rng): void {
  s.page = k;
  const c = s.contacts[k];
  if (c.details) return;
  rng ??= new Rng(`${s.key}/${k}`);
  const user = rng.chance(0.5) ? c.person.toLowerCase() : c.person.slice(0, rng.range(3, Math.min(5, c.person.length))).toLowerCase();
  const email = `${user}${rng.chance(0.5) ? '' : rng.range(10, 9999)}@${rng.pick(HOSTS)}.${rng.pick(DOMAINS)}`;
  const address = `${rng.range(1, 9999)} ${poolsOf(s.split).pick(rng, PERSON_LAST)} ${rng.pick(STREETS)}`;
  c.details = { phone: `${rng.range(110, 989)}-${digits(rng, 3)}-${digits(rng, 4)}`, email, address };
}

/** A pagination link to page `to`, disabled where it would go nowhere. */
function pageLink(s: State, page: Page, label: string, to: number, go: Handlers): void {
  const disabled = to === s.page || to < 0 || to >= s.contacts.length;
  page.add('link', label, disabled ? DISABLED : undefined, go);
}

// Parts every drawing shares.
const DISABLED = { state: { disabled: true } };
const SELECTED = { state: { selected: true } };

export const phoneBook = defineWebTask<State>({
  id: 'phone-book',
  description: "Page through a contact book to the named person and click their phone number, email or address.",
  maxTurns: 8,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ contacts: 3 }, { contacts: 5 }, { contacts: 10 }]),
  miniwob: 'phone-book',
  init(rng, o, pools) {
    const contacts = pools.sample(rng, PERSON_FIRST, o.contacts as number).map((person) => ({ person, details: null }));
    const target = rng.int(contacts.length);
    const detail = rng.pick(DETAILS);
    const [heading, labelled] = LAYOUTS.draw(rng, pools);
    const state: State = { contacts, target, detail, page: 0, heading: HEADINGS[heading], labelled: labelled === 1, key: String(rng.nextU32()), split: pools.split };
    show(state, 0, rng);
    return { goal: `Find ${contacts[target].person} in the contact book and click on their ${detail}${detail === 'phone' ? ' number' : ''}.`, state };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    const c = s.contacts[s.page];
    page.add('heading', c.person);
    for (const d of DETAILS) {
      if (s.labelled) page.add('text', LABELS[d]);
      page.add('link', (c.details as Record<Detail, string>)[d], undefined, onClick(() => page.end(s.page === s.target && d === s.detail)));
    }
    const last = s.contacts.length - 1;
    // One handler serves the pagination links, each named by where it goes (a disabled one is never called).
    const go = onClick((e) => show(s, e.name === 'First' ? 0 : e.name === '<' ? s.page - 1 : e.name === '>' ? s.page + 1 : last));
    pageLink(s, page, 'First', 0, go);
    pageLink(s, page, '<', s.page - 1, go);
    page.add('link', String(s.page + 1), SELECTED);
    pageLink(s, page, '>', s.page + 1, go);
    pageLink(s, page, 'Last', last, go);
  },
  progress: (s) => (s.page === s.target ? 0.5 : 0),
  expert(s, page) {
    if (s.page !== s.target) {
      // The shortest way: step towards the target, or jump to an end first when that is nearer.
      const last = s.contacts.length - 1;
      const step = Math.abs(s.target - s.page);
      if (step <= 1 + s.target && step <= 1 + last - s.target) {
        // Stryker disable next-line EqualityOperator: s.page is not s.target here, so > and >= agree
        return `click(${page.idOf('link', s.target > s.page ? '>' : '<')})`;
      }
      // A jump is nearer only when step > 1 + target or step > 1 + last - target; with target = last - target both
      // would ask for more than the farthest page is away, so the tie never comes here.
      // Stryker disable next-line EqualityOperator: target = last - target never jumps (above), so <= and < agree
      return `click(${page.idOf('link', s.target <= last - s.target ? 'First' : 'Last')})`;
    }
    return `click(${page.idOf('link', (s.contacts[s.target].details as Record<Detail, string>)[s.detail])})`;
  },
});
