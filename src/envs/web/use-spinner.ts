// use-spinner (MiniWoB++): a number spinner that takes no typing; step it up or down to the goal's value and
// press Submit.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { fillTemplate } from '../lexicon/phrasing';
import { Layouts, PositionGoals } from './layout';
import { defineWebTask, onClick, onFill } from './page';

const MAX_RANGE = 20;
/** Position k is the value 0, 1, -1, 2, -2, ...: the first 2R+1 positions are exactly -R..R. */
const valueOf = (k: number) => (k % 2 === 1 ? (k + 1) / 2 : -k / 2);
/** Phrasings of the instruction (MiniWoB's first); a goal, phrasing and value together, is in one split. */
const PHRASINGS = [
  'Select {n} with the spinner and hit Submit.', 'Use the spinner to choose {n}, then press Submit.',
  'Set the spinner to {n} and click Submit.', 'Spin the value to {n} and hit Submit.',
];
const GOALS = new PositionGoals('use-spinner', PHRASINGS, (phrasing, k) => fillTemplate(phrasing, { n: valueOf(k) }));
const LABELS = ['Select a value:', 'Quantity', 'Amount', 'Value', 'Count', 'Level', 'Number', 'Offset', 'Steps', 'Score', 'Points', 'Units'];
const HEADINGS = ['', 'Settings', 'Order', 'Preferences', 'Options', 'Adjust', 'Counter', 'Setup'];
const LAYOUTS = new Layouts('use-spinner', [LABELS.length, HEADINGS.length, 2]);

export interface State {
  target: number;
  value: number;
  range: number;
  label: string;
  heading: string;
  upFirst: boolean;
}

const OPTIONS = [intOption('range', 'values run from -range to range', 10, 2, MAX_RANGE)];

export const useSpinner = defineWebTask<State>({
  id: 'use-spinner',
  description: 'Step a number spinner up or down to the given value (it takes no typing) and press Submit.',
  maxTurns: MAX_RANGE + 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ range: 3 }, { range: 10 }, { range: 20 }]),
  miniwob: 'use-spinner',
  instanceKey: 'goal+observation',
  init(rng, o, pools) {
    const range = o.range as number;
    const { goal, position } = GOALS.draw(rng, pools, 2 * range + 1);
    const [label, heading, upFirst] = LAYOUTS.draw(rng, pools);
    return {
      goal,
      state: { target: valueOf(position), value: 0, range, label: LABELS[label], heading: HEADINGS[heading], upFirst: upFirst === 1 },
    };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    page.add('spinbutton', s.label, { value: String(s.value) }, onFill(() => 'the spinner takes no typing; use its up and down buttons'));
    for (const up of s.upFirst ? [true, false] : [false, true]) {
      const limit = up ? s.range : -s.range;
      page.add('button', up ? 'up' : 'down', { depth: 1, state: { disabled: s.value === limit } }, onClick(() => void (s.value += up ? 1 : -1)));
    }
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.value === s.target)));
  },
  progress: (s) => 0.9 * (1 - Math.abs(s.target - s.value) / (2 * s.range)),
  expert(s, page) {
    if (s.value === s.target) return `click(${page.idOf('button', 'Submit')})`;
    // Stryker disable next-line EqualityOperator: `<=` differs from `<` only at the target, where Submit was returned above
    return `click(${page.idOf('button', s.value < s.target ? 'up' : 'down')})`;
  },
});
