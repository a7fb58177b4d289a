// read-table (MiniWoB++ read-table): a two-column table of attributes and values; type the value of the attribute the
// goal names into the text field and press Submit. Values come from the split's names, places, words, years and
// random codes, so the answer is always read from the page, never remembered. A header row and Submit above or below
// the field are coin flips in both splits; the layout (a split like any content) is a heading and a note under the
// form, 4 x 3 combinations of which the test split holds out 3.

import type { Rng } from '../../core/rng';
import { COLOR_NAMES, COUNTRY_NAMES, CITY_NAMES, NOUN_WORDS, PERSON_FIRST, PERSON_LAST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import type { Pools } from '../split';
import { addFrameHeading, addFrameNote, Frames, type Frame } from './layout';
import { defineWebTask, onClick, onFill, type Page } from './page';

const ATTRIBUTES: { key: string; value: (rng: Rng, pools: Pools) => string }[] = [
  { key: 'Color', value: (rng, pools) => pools.pick(rng, COLOR_NAMES) },
  { key: 'First name', value: (rng, pools) => pools.pick(rng, PERSON_FIRST) },
  { key: 'Last name', value: (rng, pools) => pools.pick(rng, PERSON_LAST) },
  { key: 'Country', value: (rng, pools) => pools.pick(rng, COUNTRY_NAMES) },
  { key: 'City', value: (rng, pools) => pools.pick(rng, CITY_NAMES) },
  { key: 'Year of Birth', value: (rng, pools) => String(pools.int(rng, 1940, 2015)) },
  { key: 'Code', value: (rng, pools) => pools.string(rng, 3, 6) },
  { key: 'Word', value: (rng, pools) => pools.pick(rng, NOUN_WORDS) },
];

export interface State {
  rows: { key: string; value: string }[];
  asked: number;
  answer: string;
  headerRow: boolean; // an 'Attribute | Value' row first
  submitFirst: boolean; // Submit above the field
  frame: Frame;
}

/** The layouts: a heading above the table and a note under the form ('' for none). */
const FRAMES = new Frames('read-table', ['', 'Profile', 'Record', 'Details'], ['', 'Copy the value exactly', 'One value only']);

const OPTIONS = [intOption('rows', 'table rows', 5, 2, 8)];

function submit(s: State, page: Page): void {
  page.add('button', 'Submit', undefined, onClick(() => page.end(s.answer.trim() === s.rows[s.asked].value)));
}

function drawForm(s: State, page: Page): void {
  if (s.submitFirst) submit(s, page);
  page.add('textbox', 'Answer', { value: s.answer }, onFill((t) => void (s.answer = t)));
  if (!s.submitFirst) submit(s, page);
  addFrameNote(s.frame, page);
}

export const readTable = defineWebTask<State>({
  id: 'read-table',
  description: 'Read the value of the named attribute in a table, type it into the field and click Submit.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ rows: 2 }, { rows: 3 }, { rows: 5 }, { rows: 8 }]),
  miniwob: 'read-table',
  // The goal names one of a few attributes; the instance is the goal with the table's split-drawn values.
  instanceKey: 'goal+observation',
  init(rng, o, pools) {
    const rows = rng.shuffle(ATTRIBUTES).slice(0, o.rows as number).map((a) => ({ key: a.key, value: a.value(rng, pools) }));
    const asked = rng.int(rows.length);
    const frame = FRAMES.draw(rng, pools);
    return {
      goal: `Enter the value of ${rows[asked].key} into the text field and press Submit.`,
      state: { rows, asked, answer: '', headerRow: rng.chance(0.5), submitFirst: rng.chance(0.5), frame },
    };
  },
  draw(s, page) {
    addFrameHeading(s.frame, page);
    if (s.headerRow) page.add('row', 'Attribute | Value');
    for (const r of s.rows) page.add('row', `${r.key} | ${r.value}`);
    drawForm(s, page);
  },
  progress: (s) => (s.answer.trim() === s.rows[s.asked].value ? 0.5 : 0),
  expert(s, page) {
    const want = s.rows[s.asked].value;
    return s.answer.trim() === want ? `click(${page.idOf('button', 'Submit')})` : `fill(${page.idOf('textbox', 'Answer')}, "${want}")`;
  },
});
