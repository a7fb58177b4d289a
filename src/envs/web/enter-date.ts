// enter-date (MiniWoB++): type the goal's date into a date field as mm/dd/yyyy and press Submit. The field,
// like a browser's date input, refuses text that is not a real date in that form.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { dayNumber, formatDate, fromDayNumber, parseDate } from './dates';
import { Choices, Layouts } from './layout';
import { defineWebTask, onClick, onFill } from './page';

const LABELS = ['Date', 'Select a date', 'Day', 'Pick a date', 'Date (mm/dd/yyyy)', 'When'];
const HEADINGS = ['', 'Appointment', 'Booking', 'Event', 'Schedule'];
/** Dates run to the end of this year; the `years` option sets how far back they start (MiniWoB: 2010-2019). */
const LAST_YEAR = 2019;
const LAST_DAY = dayNumber({ year: LAST_YEAR, month: 12, day: 31 });
/** Choice i is the date i days before the last one. */
const DATES = new Choices('enter-date dates', (i) => formatDate(fromDayNumber(LAST_DAY - i)));
const LAYOUTS = new Layouts('enter-date', [LABELS.length, HEADINGS.length]);

export interface State {
  date: string;
  label: string;
  heading: string;
  value: string;
}

const OPTIONS = [intOption('years', `dates are drawn from this many years ending with ${LAST_YEAR}`, 10, 1, 40)];

export const enterDate = defineWebTask<State>({
  id: 'enter-date',
  description: 'Type the given date into the date field as mm/dd/yyyy and press Submit.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ years: 1 }, { years: 10 }, { years: 40 }]),
  miniwob: 'enter-date',
  instanceKey: 'goal+observation',
  init(rng, o, pools) {
    const first = dayNumber({ year: LAST_YEAR + 1 - (o.years as number), month: 1, day: 1 });
    const date = formatDate(fromDayNumber(LAST_DAY - DATES.pick(rng, pools, LAST_DAY - first + 1)));
    const [label, heading] = LAYOUTS.draw(rng, pools);
    return {
      goal: `Enter ${date} as the date and hit submit.`,
      state: { date, label: LABELS[label], heading: HEADINGS[heading], value: '' },
    };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    page.add('textbox', s.label, { value: s.value }, onFill((t) => {
      const d = parseDate(t);
      if (!d) return `'${t}' is not a date; type it as mm/dd/yyyy`;
      s.value = formatDate(d);
    }));
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.value === s.date)));
  },
  progress: (s) => (s.value === s.date ? 0.5 : 0),
  expert: (s, page) => (s.value === s.date ? `click(${page.idOf('button', 'Submit')})` : `fill(${page.idOf('textbox', s.label)}, "${s.date}")`),
});
