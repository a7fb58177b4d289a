// A read-only date field with a pop-up month calendar (jQuery UI's datepicker, as MiniWoB++ uses it), shared by
// choose-date and book-flight-full. Clicking the field opens the calendar at its current month; Prev and Next step
// months within the allowed range; clicking a day sets the field (mm/dd/yyyy) and closes the calendar.

import { MONTHS, dayNumber, daysInMonth, formatDate, type Day } from './dates';
import { onClick, onFill, type Handlers, type Page } from './page';

export interface DatePicker {
  open: boolean;
  /** The month the calendar shows. */
  year: number;
  month: number;
  /** The chosen date, mm/dd/yyyy, or ''. */
  value: string;
}

export interface DateRange {
  first: Day;
  last: Day;
}

/** A closed picker whose calendar opens on `at`'s month. */
export function newDatePicker(at: Day): DatePicker {
  return { open: false, year: at.year, month: at.month, value: '' };
}

// A calendar is redrawn at every step: its cells share these constant parts (names, extras), and each picker keeps
// its cells' handlers (a cell picks its day of whatever month is shown), so drawing one allocates little.
const DAY_NAMES = Array.from({ length: 32 }, (_, d) => String(d));
const CELL = { depth: 1 };
const CELL_DISABLED = { depth: 1, state: { disabled: true } };
const CELL_SELECTED = { depth: 1, state: { selected: true } };
const cellHandlers = new WeakMap<DatePicker, Handlers[]>();

function handlersOf(p: DatePicker): Handlers[] {
  let hs = cellHandlers.get(p);
  if (!hs) cellHandlers.set(p, (hs = DAY_NAMES.map((_, d) => onClick(() => pick(p, { year: p.year, month: p.month, day: d })))));
  return hs;
}

const monthIndex = (year: number, month: number) => year * 12 + month - 1;

/** Shows the month `by` months after the one shown. */
function stepMonth(p: DatePicker, by: number): void {
  const k = monthIndex(p.year, p.month) + by;
  p.year = Math.floor(k / 12);
  p.month = (k % 12) + 1;
}

/** Sets the field to a day and closes the calendar. */
function pick(p: DatePicker, day: Day): void {
  p.value = formatDate(day);
  p.open = false;
}

/** Draws the field and, when open, the calendar below it: Prev, the month's name, Next, and its days. */
export function drawDatePicker(page: Page, label: string, p: DatePicker, range: DateRange): void {
  const field = { ...onClick(() => void (p.open = !p.open)), ...onFill(() => 'the date field is read-only; click it and pick a day from the calendar') };
  // Like a combobox, the field says whether its calendar is open.
  page.add('textbox', label, { value: p.value, state: p.open ? { expanded: true } : { collapsed: true } }, field);
  if (!p.open) return;
  const shown = monthIndex(p.year, p.month);
  page.add('button', 'Prev', { depth: 1, state: { disabled: shown <= monthIndex(range.first.year, range.first.month) } }, onClick(() => stepMonth(p, -1)));
  page.add('heading', `${MONTHS[p.month - 1]} ${p.year}`, { depth: 1 });
  page.add('button', 'Next', { depth: 1, state: { disabled: shown >= monthIndex(range.last.year, range.last.month) } }, onClick(() => stepMonth(p, 1)));
  // Day numbers of the month's first day and of the range's ends; the chosen day, if it is in this month.
  const start = dayNumber({ year: p.year, month: p.month, day: 1 });
  const lo = dayNumber(range.first) - start + 1;
  const hi = dayNumber(range.last) - start + 1;
  const chosen = p.value.endsWith(`/${p.year}`) && Number(p.value.slice(0, 2)) === p.month ? Number(p.value.slice(3, 5)) : 0;
  const days = daysInMonth(p.year, p.month);
  const handlers = handlersOf(p);
  for (let d = 1; d <= days; d++) page.add('gridcell', DAY_NAMES[d], d < lo || d > hi ? CELL_DISABLED : d === chosen ? CELL_SELECTED : CELL, handlers[d]);
}

/** The next action towards `want` on a picker drawn under `label`; undefined once the field holds it. */
export function datePickerStep(page: Page, label: string, p: DatePicker, want: Day): string | undefined {
  if (p.value === formatDate(want)) return undefined;
  if (!p.open) return `click(${page.idOf('textbox', label)})`;
  const gap = monthIndex(want.year, want.month) - monthIndex(p.year, p.month);
  if (gap !== 0) return `click(${page.idOf('button', gap > 0 ? 'Next' : 'Prev')})`;
  return `click(${page.idOf('gridcell', String(want.day))})`;
}
