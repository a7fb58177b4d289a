// enter-text (MiniWoB++ enter-text): type the quoted text into the text field and press Submit. The text is a
// starter word, a person's name or MiniWoB-style random strings; layouts move the button, drop the label or add a
// Cancel button that ends the episode.

import type { OptionSpec } from '../api';
import type { Rng } from '../../core/rng';
import { PERSON_FIRST, PERSON_LAST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import type { Pools } from '../split';
import { NOUNS } from '../words';
import { layoutOf } from './controls';
import { defineWebTask, onClick, onFill, type Page } from './page';

interface State {
  target: string;
  value: string;
  layout: number; // bit 0: Submit above the field; bit 1: the field has no label; bit 2: a Cancel button
}

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
    return { goal: `Enter "${target}" into the text field and press Submit.`, state: { target, value: '', layout: layoutOf(rng, pools, 'enter-text', 8) } };
  },
  draw(s, page) {
    if (s.layout & 1) submitButton(s, page);
    page.add('textbox', s.layout & 2 ? '' : 'Text', { value: s.value }, onFill((t) => void (s.value = t)));
    if (!(s.layout & 1)) submitButton(s, page);
    if (s.layout & 4) page.add('button', 'Cancel', undefined, onClick(() => page.end(false)));
  },
  progress: (s) => (s.value === s.target ? 0.5 : 0),
  expert(s, page) {
    if (s.value === s.target) return `click(${page.idOf('button', 'Submit')})`;
    return `fill(${page.elements.find((e) => e.role === 'textbox')?.id}, "${s.target}")`;
  },
});
