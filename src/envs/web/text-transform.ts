// text-transform (MiniWoB++): a short distorted "captcha" string is shown on the page, one glyph at a time;
// type it into the text field, joined, and press Submit. The goal never states the text: it must be read.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { Layouts } from './layout';
import { defineWebTask, onClick, onFill } from './page';

/** Phrasings of the instruction (MiniWoB's first); each belongs to one split. */
const GOALS = [
  'Type the text below into the text field and press Submit.',
  'Copy the characters shown below into the field and press Submit.',
  'Enter the text displayed below in the text box, then press Submit.',
  'Type the letters below into the input and press Submit.',
  'Read the text below, type it into the text field and click Submit.',
  'Write the characters below into the text field and submit.',
  'Type exactly the text shown below and press Submit.',
  'Enter the characters below into the box and press Submit.',
  'Reproduce the text below in the text field, then click Submit.',
  'Fill the text field with the characters below and press Submit.',
  'Put the text shown below into the field and hit Submit.',
  'Type what is written below into the text field and press Submit.',
];
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
const CAPTION = ['', 'Captcha', 'Verify you are human', 'Security check'];
const LABELS = ['', 'Answer', 'Text', 'Type here'];
const LAYOUTS = new Layouts('text-transform', [CAPTION.length, LABELS.length]);

export interface State {
  text: string;
  caption: string;
  label: string;
  value: string;
}

const OPTIONS = [intOption('length', 'longest text, in characters (shortest is 3)', 5, 3, 10)];

export const textTransform = defineWebTask<State>({
  id: 'text-transform',
  description: 'Read the distorted text shown on the page, type it into the field and press Submit.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ length: 3 }, { length: 5 }, { length: 8 }]),
  miniwob: 'text-transform',
  instanceKey: 'goal+observation',
  freeText: true, // the word is typed transformed
  init(rng, o, pools) {
    const text = pools.string(rng, 3, o.length as number, ALPHANUMERIC);
    const [caption, label] = LAYOUTS.draw(rng, pools);
    return { goal: pools.pick(rng, GOALS), state: { text, caption: CAPTION[caption], label: LABELS[label], value: '' } };
  },
  draw(s, page) {
    if (s.caption) page.add('heading', s.caption);
    // Each glyph is its own skewed span on MiniWoB's page, so an accessibility tree reads them apart.
    page.add('text', s.text.split('').join(' '));
    page.add('textbox', s.label, { value: s.value }, onFill((t) => void (s.value = t)));
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.value === s.text)));
  },
  progress: (s) => (s.value === s.text ? 0.5 : 0),
  expert: (s, page) => (s.value === s.text ? `click(${page.idOf('button', 'Submit')})` : `fill(${page.idOf('textbox', s.label)}, "${s.text}")`),
});
