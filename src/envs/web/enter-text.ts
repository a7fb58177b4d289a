// enter-text (MiniWoB++ enter-text): type the quoted text into the text field and press Submit. The text is a
// starter word, a person's name or MiniWoB-style random strings. Whether Submit sits above or below the field is a
// coin flip in both splits; the layout (a split like any content) is the field's label and a second button, 4 x 3
// combinations of which the test split holds out 3 (every label and every button shows in train, never in those
// pairs): Cancel ends the episode unsolved, Clear empties the field.

import type { OptionSpec } from '../api';
import type { Rng } from '../../core/rng';
import { PERSON_FIRST, PERSON_LAST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import type { Pools } from '../split';
import { NOUNS } from '../words';
import { Layouts } from './layout';
import { defineWebTask, onClick, onFill, type Page } from './page';

export interface State {
  target: string;
  value: string;
  above: boolean; // Submit above the field
  label: string; // the field's label ('' for none)
  extra: string; // a second button after the field and Submit ('' for none)
}

/** The layouts' dimensions ('' for none): the field's label and a second button. Of the 12 pairs the test split holds
 * (label, button) = (Your text, none), (Your text, Cancel) and (none, Clear). */
const LABELS = ['Text', '', 'Your text', 'Message'] as const;
const EXTRA_BUTTONS = ['', 'Cancel', 'Clear'] as const;
const LAYOUTS = new Layouts('enter-text', [LABELS.length, EXTRA_BUTTONS.length]);

const KINDS = ['starter', 'names', 'strings'] as const;

const OPTIONS: OptionSpec[] = [
  { name: 'text', doc: 'what to type: starter (24 nouns), names (first and last names) or strings (random letters)', kind: 'enum', default: 'names', values: KINDS },
  intOption('words', 'words to type', 2, 1, 3),
];

/** `n` words of a kind, joined by spaces: names alternate given and family names. */
export function textOf(rng: Rng, pools: Pools, kind: string, n: number): string {
  if (kind === 'starter') return pools.sample(rng, NOUNS, n).join(' ');
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(kind === 'strings' ? pools.string(rng, 2, 8) : pools.pick(rng, i % 2 ? PERSON_LAST : PERSON_FIRST));
  return words.join(' ');
}

function submitButton(s: State, page: Page): void {
  page.add('button', 'Submit', undefined, onClick(() => page.end(s.value === s.target)));
}

export const enterText = defineWebTask<State>({
  id: 'enter-text',
  description: 'Type the given text into the field and click Submit.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [
    { text: 'starter', words: 1 },
    { text: 'names' },
    { words: 2 },
    { text: 'strings', words: 1 },
    { words: 2 },
    { words: 3 },
  ]),
  miniwob: 'enter-text',
  init(rng, o, pools) {
    const target = textOf(rng, pools, o.text as string, o.words as number);
    const [label, extra] = LAYOUTS.draw(rng, pools);
    const state = { target, value: '', above: rng.chance(0.5), label: LABELS[label], extra: EXTRA_BUTTONS[extra] };
    return { goal: `Enter "${target}" into the text field and press Submit.`, state };
  },
  draw(s, page) {
    if (s.above) submitButton(s, page);
    page.add('textbox', s.label, { value: s.value }, onFill((t) => void (s.value = t)));
    if (!s.above) submitButton(s, page);
    if (s.extra === 'Cancel') page.add('button', 'Cancel', undefined, onClick(() => page.end(false)));
    if (s.extra === 'Clear') page.add('button', 'Clear', undefined, onClick(() => void (s.value = '')));
  },
  progress: (s) => (s.value === s.target ? 0.5 : 0),
  expert(s, page) {
    if (s.value === s.target) return `click(${page.idOf('button', 'Submit')})`;
    return `fill(${page.elements.find((e) => e.role === 'textbox')?.id}, "${s.target}")`;
  },
});
