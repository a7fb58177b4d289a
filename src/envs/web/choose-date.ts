// choose-date (MiniWoB++): a read-only date field with a pop-up calendar that opens on the last allowed month;
// step back to the goal's month, click its day and press Submit. Levels follow MiniWoB's choose-date-easy
// (one month), -medium (two) and the full year.

import { levelTable } from '../levels';
import { fillTemplate } from '../lexicon/phrasing';
import { intOption } from '../options';
import { dayNumber, formatDate, fromDayNumber, type Day } from './dates';
import { datePickerStep, drawDatePicker, newDatePicker, type DatePicker } from './date-picker';
import { Layouts, PositionGoals } from './layout';
import { defineWebTask, onClick } from './page';

const LAST: Day = { year: 2016, month: 12, day: 31 };
const LAST_DAY = dayNumber(LAST);
/** Phrasings of the instruction (MiniWoB's first); position k is the date k days before the last. */
const PHRASINGS = [
  'Select {date} as the date and hit submit.', 'Pick {date} in the date picker and press Submit.',
  'Choose the date {date}, then click Submit.', 'Set the date to {date} and hit submit.',
];
const GOALS = new PositionGoals('choose-date', PHRASINGS, (phrasing, k) => fillTemplate(phrasing, { date: formatDate(fromDayNumber(LAST_DAY - k)) }));
const LABELS = ['Date', 'Date:', 'Select a date', 'Day'];
const HEADINGS = ['', 'Booking', 'Appointment', 'Delivery', 'Event'];
const LAYOUTS = new Layouts('choose-date', [LABELS.length, HEADINGS.length]);

const OPTIONS = [intOption('months', 'months the calendar allows, ending December 2016 (MiniWoB: 1 easy, 2 medium, 12)', 12, 1, 24)];

export interface State {
  want: Day;
  picker: DatePicker;
  first: Day;
  label: string;
  heading: string;
}

export const chooseDate = defineWebTask<State>({
  id: 'choose-date',
  description: "Pick the given date in a pop-up calendar (it opens on the last month) and press Submit.",
  maxTurns: 28,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ months: 1 }, { months: 2 }, { months: 12 }, { months: 24 }]),
  miniwob: 'choose-date',
  instanceKey: 'goal+observation',
  init(rng, o, pools) {
    const months = o.months as number;
    const first = { year: LAST.year - Math.floor((months - 1) / 12), month: 12 - ((months - 1) % 12), day: 1 };
    const { goal, position } = GOALS.draw(rng, pools, LAST_DAY - dayNumber(first) + 1);
    const [label, heading] = LAYOUTS.draw(rng, pools);
    return { goal, state: { want: fromDayNumber(LAST_DAY - position), picker: newDatePicker(LAST), first, label: LABELS[label], heading: HEADINGS[heading] } };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    drawDatePicker(page, s.label, s.picker, { first: s.first, last: LAST });
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.picker.value === formatDate(s.want))));
  },
  progress: (s) => (s.picker.value === formatDate(s.want) ? 0.6 : s.picker.open && s.picker.month === s.want.month && s.picker.year === s.want.year ? 0.3 : 0),
  expert: (s, page) => datePickerStep(page, s.label, s.picker, s.want) ?? `click(${page.idOf('button', 'Submit')})`,
});
