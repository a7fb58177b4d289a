// click-button (MiniWoB++ click-button; the first lesson): click the button the goal names, among other buttons,
// lines of text and text boxes in random order. Any other button ends the episode as a failure.

import type { OptionSpec } from '../api';
import { LOREM_WORDS, VERB_WORDS } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { BUTTON_WORDS, capitalize } from '../words';
import { wordsOf } from './controls';
import { defineWebTask, onClick, onFill, type WebTaskDef } from './page';

export interface Item {
  role: 'button' | 'text' | 'textbox';
  name: string;
  value: string;
}

export interface State {
  items: Item[];
  target: string;
}

const LABELS = ['starter', 'verbs'] as const;
const VERB_LABELS = VERB_WORDS.map(capitalize);

const OPTIONS: OptionSpec[] = [
  intOption('buttons', 'buttons on the page', 4, 2, 8),
  intOption('decoys', 'lines of text and text boxes among the buttons', 2, 0, 4),
  { name: 'labels', doc: 'button labels: starter (24 everyday words) or verbs (hundreds)', kind: 'enum', default: 'verbs', values: LABELS },
];

/** The task itself, for any page size (long-page.ts plays it on pages longer than a small context). */
export const CLICK_THE_NAMED_BUTTON: Pick<WebTaskDef<State>, 'init' | 'draw' | 'progress' | 'expert'> = {
  init(rng, o, pools) {
    const labels = pools.sample(rng, o.labels === 'starter' ? BUTTON_WORDS : VERB_LABELS, o.buttons as number);
    const items: Item[] = labels.map((name) => ({ role: 'button', name, value: '' }));
    for (let d = o.decoys as number; d > 0; d--) {
      const role = rng.chance(0.5) ? 'text' : 'textbox';
      items.push({ role, name: wordsOf(rng, pools, LOREM_WORDS, role === 'text' ? 3 : 1), value: '' });
    }
    const target = rng.pick(labels);
    return { goal: `Click on the "${target}" button.`, state: { items: rng.shuffle(items), target } };
  },
  draw(s, page) {
    // One handler serves every button: a button is named by its label.
    const press = onClick((e) => page.end(e.name === s.target));
    for (const it of s.items) {
      if (it.role === 'button') page.add('button', it.name, undefined, press);
      else if (it.role === 'textbox') page.add('textbox', it.name, { value: it.value }, onFill((t) => void (it.value = t)));
      else page.add('text', it.name);
    }
  },
  progress: () => 0,
  expert: (s, page) => `click(${page.idOf('button', s.target)})`,
};

export const clickButton = defineWebTask<State>({
  id: 'click-button',
  description: 'Click the button with the given label.',
  maxTurns: 3,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [
    { buttons: 3, decoys: 0, labels: 'starter' },
    { buttons: 4, decoys: 2 },
    { labels: 'verbs' },
    { buttons: 6, decoys: 3 },
    { buttons: 8, decoys: 4 },
  ]),
  miniwob: 'click-button',
  lesson: true,
  ...CLICK_THE_NAMED_BUTTON,
});
