// A read-only date field with a pop-up month calendar (jQuery UI's datepicker, as MiniWoB++ uses it), shared by
// choose-date and book-flight-full. Clicking the field opens the calendar at its current month; Prev and Next step
// months within the allowed range; clicking a day sets the field (mm/dd/yyyy) and closes the calendar.

import { MONTHS, dayNumber, daysInMonth, formatDate, type Day } from './dates';
import { onClick, onClickOrFill, type Page } from './page';

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

// A calendar is redrawn at every step: its parts (names, extras, states) are constants, and one handler per drawing
// serves every day cell (it reads the day from the cell's name), so drawing one allocates little.
const DAY_NAMES = Array.from({ length: 32 }, (_, d) => String(d));
const CELL = { depth: 1 };
const CELL_DISABLED = { depth: 1, state: { disabled: true } };
const CELL_SELECTED = { depth: 1, state: { selected: true } };
const NAV = { depth: 1, state: { disabled: false } };
const NAV_DISABLED = { depth: 1, state: { disabled: true } };
const TITLE = { depth: 1 };
const EXPANDED = { expanded: true };
const COLLAPSED = { collapsed: true };
const readOnly = () => 'the date field is read-only; click it and pick a day from the calendar';

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
  // Like a combobox, the field says whether its calendar is open.
  page.add('textbox', label, { value: p.value, state: p.open ? EXPANDED : COLLAPSED }, onClickOrFill(() => void (p.open = !p.open), readOnly));
  if (!p.open) return;
  const shown = monthIndex(p.year, p.month);
  const nav = onClick((e) => stepMonth(p, e.name === 'Prev' ? -1 : 1));
  page.add('button', 'Prev', shown <= monthIndex(range.first.year, range.first.month) ? NAV_DISABLED : NAV, nav);
  page.add('heading', `${MONTHS[p.month - 1]} ${p.year}`, TITLE);
  page.add('button', 'Next', shown >= monthIndex(range.last.year, range.last.month) ? NAV_DISABLED : NAV, nav);
  // Day numbers of the month's first day and of the range's ends; the chosen day, if it is in this month.
  const start = dayNumber({ year: p.year, month: p.month, day: 1 });
  const lo = dayNumber(range.first) - start + 1;
  const hi = dayNumber(range.last) - start + 1;
  const chosen = p.value.endsWith(`/${p.year}`) && Number(p.value.slice(0, 2)) === p.month ? Number(p.value.slice(3, 5)) : 0;
  const days = daysInMonth(p.year, p.month);
  const cell = onClick((e) => pick(p, { year: p.year, month: p.month, day: Number(e.name) }));
  for (let d = 1; d <= days; d++) page.add('gridcell', DAY_NAMES[d], d < lo || d > hi ? CELL_DISABLED : d === chosen ? CELL_SELECTED : CELL, cell);
}

/** The next action towards `want` on a picker drawn under `label`; undefined once the field holds it. */
export function datePickerStep(page: Page, label: string, p: DatePicker, want: Day): string | undefined {
  if (p.value === formatDate(want)) return undefined;
  if (!p.open) return `click(${page.idOf('textbox', label)})`;
  const gap = monthIndex(want.year, want.month) - monthIndex(p.year, p.month);
  // Stryker disable next-line EqualityOperator: read only when gap is not 0, where >= 0 is > 0
  const towards = gap > 0 ? 'Next' : 'Prev';
  if (gap !== 0) return `click(${page.idOf('button', towards)})`;
  return `click(${page.idOf('gridcell', String(want.day))})`;
}
