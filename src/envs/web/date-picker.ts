// A read-only date field with a pop-up month calendar (jQuery UI's datepicker, as MiniWoB++ uses it), shared by
// choose-date and book-flight-full. Clicking the field opens the calendar at its current month; Prev and Next step
// months within the allowed range; clicking a day sets the field (mm/dd/yyyy) and closes the calendar.

import { MONTHS, dayNumber, daysInMonth, formatDate, type Day } from './dates';
import { onClick, onFill, type Page } from './page';

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
  const lo = dayNumber(range.first);
  const hi = dayNumber(range.last);
  for (let d = 1; d <= daysInMonth(p.year, p.month); d++) {
    const day = { year: p.year, month: p.month, day: d };
    const n = dayNumber(day);
    page.add('gridcell', String(d), { depth: 1, state: { disabled: n < lo || n > hi, selected: formatDate(day) === p.value } }, onClick(() => pick(p, day)));
  }
}

/** The next action towards `want` on a picker drawn under `label`; undefined once the field holds it. */
export function datePickerStep(page: Page, label: string, p: DatePicker, want: Day): string | undefined {
  if (p.value === formatDate(want)) return undefined;
  if (!p.open) return `click(${page.idOf('textbox', label)})`;
  const gap = monthIndex(want.year, want.month) - monthIndex(p.year, p.month);
  if (gap !== 0) return `click(${page.idOf('button', gap > 0 ? 'Next' : 'Prev')})`;
  return `click(${page.idOf('gridcell', String(want.day))})`;
}
