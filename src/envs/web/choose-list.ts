// choose-list (MiniWoB++ choose-list): pick the named entry from a drop-down list and press Submit. The list shows
// its options only while open (click it), or select(id, "entry") picks one directly; entries are people's names or
// countries, as in MiniWoB. Whether Submit comes above or below the list, and whether the list is labelled by its
// contents, are coin flips in both splits; the layout (a split like any content) is a heading and a note under the
// form, 4 x 3 combinations of which the test split holds out 3.

import type { OptionSpec } from '../api';
import { COUNTRY_NAMES, PERSON_FIRST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { COLORS } from '../words';
import { addList, emptyList, type ListState } from './controls';
import { addFrameHeading, addFrameNote, Frames, type Frame } from './layout';
import { defineWebTask, onClick, type Page } from './page';

export interface State {
  options: string[];
  list: ListState;
  target: string;
  submitFirst: boolean; // Submit above the list
  label: string; // '' for none
  frame: Frame;
}

/** The layouts: a heading above the list and a note under the form ('' for none). */
const FRAMES = new Frames('choose-list', ['', 'Choose one', 'Your selection', 'Pick from the list'], ['', 'One entry only', 'The list opens on a click']);

const OPTIONS: OptionSpec[] = [
  intOption('entries', 'entries in the list', 6, 2, 12),
  { name: 'words', doc: 'starter (12 colours) or open (people and countries)', kind: 'enum', default: 'open', values: ['starter', 'open'] },
];

function submit(s: State, page: Page): void {
  page.add('button', 'Submit', undefined, onClick(() => page.end(s.list.value === s.target)));
}

export const chooseList = defineWebTask<State>({
  id: 'choose-list',
  description: 'Select the named entry from a drop-down list and click Submit.',
  maxTurns: 5,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ entries: 3, words: 'starter' }, { entries: 4, words: 'open' }, { entries: 6 }, { entries: 9 }, { entries: 12 }]),
  miniwob: 'choose-list',
  init(rng, o, pools) {
    const people = rng.chance(0.5);
    const source = o.words === 'starter' ? COLORS : people ? PERSON_FIRST : COUNTRY_NAMES;
    const options = pools.sample(rng, source, o.entries as number);
    const target = rng.pick(options);
    const frame = FRAMES.draw(rng, pools);
    const submitFirst = rng.chance(0.5);
    const label = rng.chance(0.5) ? (o.words === 'starter' ? 'Color' : people ? 'Name' : 'Country') : '';
    return {
      goal: `Select ${target} from the list and click Submit.`,
      state: { options, list: emptyList(), target, submitFirst, label, frame },
    };
  },
  draw(s, page) {
    addFrameHeading(s.frame, page);
    if (s.submitFirst) submit(s, page);
    addList(page, s.label, s.options, s.list);
    if (!s.submitFirst) submit(s, page);
    addFrameNote(s.frame, page);
  },
  progress: (s) => (s.list.value === s.target ? 0.5 : 0),
  expert(s, page) {
    if (s.list.value === s.target) return `click(${page.idOf('button', 'Submit')})`;
    return `select(${page.idOf('combobox', s.label)}, "${s.target}")`;
  },
});
