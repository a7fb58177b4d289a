// enter-time (MiniWoB++): type the goal's time into a time field and press Submit. Like a browser's time input,
// the field takes 'h:mm AM/PM' or 24-hour 'HH:MM' and shows 'hh:mm AM/PM'; at option field=24h it takes only
// 'HH:MM', so the goal's '3:07 PM' must become '15:07'. Anything else is refused with a message.

import type { OptionSpec } from '../api';
import { levelTable } from '../levels';
import { Choices, Layouts } from './layout';
import { defineWebTask, onClick, onFill } from './page';

const LABELS = ['Time', 'Select a time', 'Start time', 'Pick a time', 'At', 'Time (hh:mm AM/PM)'];
const HEADINGS = ['', 'Alarm', 'Meeting', 'Reminder', 'Reservation'];

export interface State {
  /** Minutes after midnight wanted, and entered (-1: nothing yet). */
  want: number;
  value: number;
  only24: boolean;
  label: string;
  heading: string;
}

/** 0..1439 -> '3:07 PM' (the goal's form) or '03:07 PM' (the field's). */
function clock(minutes: number, padHour: boolean): string {
  const h = Math.floor(minutes / 60);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${padHour ? String(hour12).padStart(2, '0') : hour12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

// Stryker disable next-line StringLiteral: the key names the times only in Choices' empty-split error, which 1440 times never reach
const TIMES = new Choices('enter-time times', (minutes) => clock(minutes, false));
const LAYOUTS = new Layouts('enter-time', [LABELS.length, HEADINGS.length]);

/** Reads 'h:mm AM', 'hh:mm pm' or 'HH:MM' into minutes after midnight, or undefined. */
function parseTime(text: string, only24: boolean): number | undefined {
  const m = /^(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/.exec(text.trim());
  if (!m || (only24 && m[3])) return undefined;
  let h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59) return undefined;
  if (m[3]) {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (m[3].toUpperCase() === 'PM' ? 12 : 0);
  } else if (h > 23) return undefined;
  return h * 60 + min;
}

const OPTIONS: readonly OptionSpec[] = [{ name: 'field', doc: "what the field takes: 12h ('3:07 PM' or '15:07') or 24h ('15:07' only)", kind: 'enum', default: '12h', values: ['12h', '24h'] }];

export const enterTime = defineWebTask<State>({
  id: 'enter-time',
  description: 'Type the given time into the time field and press Submit.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [
    // Stryker disable next-line ObjectLiteral: level 0 names the default, which levelTable fills in for {} all the same
    { field: '12h' },
    { field: '24h' },
  ]),
  miniwob: 'enter-time',
  instanceKey: 'goal+observation',
  freeText: true, // the time is typed as hh:mm, not as the goal writes it
  init(rng, o, pools) {
    const want = TIMES.pick(rng, pools, 1440);
    const [label, heading] = LAYOUTS.draw(rng, pools);
    return {
      goal: `Enter ${clock(want, false)} as the time and press submit.`,
      state: { want, value: -1, only24: o.field === '24h', label: LABELS[label], heading: HEADINGS[heading] },
    };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    page.add('textbox', s.label, { value: s.value < 0 ? '' : clock(s.value, true) }, onFill((t) => {
      const minutes = parseTime(t, s.only24);
      if (minutes === undefined) return `'${t}' is not a time; type it as ${s.only24 ? 'HH:MM, 24-hour' : 'hh:mm AM or PM'}`;
      s.value = minutes;
    }));
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.value === s.want)));
  },
  progress: (s) => (s.value === s.want ? 0.5 : 0),
  expert(s, page) {
    if (s.value === s.want) return `click(${page.idOf('button', 'Submit')})`;
    const typed = s.only24 ? `${String(Math.floor(s.want / 60)).padStart(2, '0')}:${String(s.want % 60).padStart(2, '0')}` : clock(s.want, false);
    return `fill(${page.idOf('textbox', s.label)}, "${typed}")`;
  },
});
