// copy-paste-2 (MiniWoB++): several text areas hold filler sentences; copy the one the goal names by position
// into the text input and press Submit.

import { loremSentences } from '../lexicon/lorem';
import { fillTemplate } from '../lexicon/phrasing';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { listOf, ordinal } from './controls';
import { Layouts, PositionGoals } from './layout';
import { defineWebTask, onClick, onFill } from './page';

/** Phrasings of the instruction (MiniWoB's first); a goal, phrasing and position together, is in one split. */
const GOALS = [
  'Copy the text from the {nth} text area below and paste it into the text input, then press Submit.',
  'Copy the {nth} text area into the text input and press Submit.',
  'Paste the text of the {nth} text area into the input, then press Submit.',
  'Take the text in the {nth} text area, put it in the text input and press Submit.',
  'Copy what the {nth} text area says into the input field and click Submit.',
  'Duplicate the {nth} text area in the text input, then press Submit.',
  'Put the contents of the {nth} text area into the text input and press Submit.',
  'Fill the text input with the text of the {nth} text area and press Submit.',
];
const ANSWER_LABELS = ['', 'Answer', 'Paste here', 'Text'];
// Stryker disable next-line StringLiteral: the family names the goals only in Choices' empty-split error, which 16 or more goals never reach
const GOAL_CHOICES = new PositionGoals('copy-paste-2', GOALS, (phrasing, k) => fillTemplate(phrasing, { nth: ordinal(k + 1) }));
const LAYOUTS = new Layouts('copy-paste-2', [ANSWER_LABELS.length, 2]);

export interface State {
  areas: string[];
  target: number;
  answerLabel: string;
  answerFirst: boolean;
  value: string;
}

const OPTIONS = [intOption('areas', 'text areas on the page', 3, 2, 5)];

export const copyPaste2 = defineWebTask<State>({
  id: 'copy-paste-2',
  description: 'Copy the text of the text area named by position into the text input and press Submit.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ areas: 2 }, { areas: 3 }, { areas: 5 }]),
  miniwob: 'copy-paste-2',
  instanceKey: 'goal+observation',
  init(rng, o, pools) {
    const n = o.areas as number;
    const areas = listOf(n, () => loremSentences(rng, pools, rng.range(6, 10)).join(' '));
    const { goal, position: target } = GOAL_CHOICES.draw(rng, pools, n);
    const [label, answerFirst] = LAYOUTS.draw(rng, pools);
    return { goal, state: { areas, target, answerLabel: ANSWER_LABELS[label], answerFirst: answerFirst === 1, value: '' } };
  },
  draw(s, page) {
    // The answer input sits before or after the text areas (a layout choice).
    for (let k = 0; k <= s.areas.length; k++) {
      const i = s.answerFirst ? k - 1 : k;
      if (i === -1 || i === s.areas.length) page.add('textbox', s.answerLabel, { value: s.value }, onFill((t) => void (s.value = t)));
      else page.add('textbox', '', { value: s.areas[i] }, onFill((t) => void (s.areas[i] = t)));
    }
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.value.trim() === s.areas[s.target].trim())));
  },
  progress: (s) => (s.value.trim() === s.areas[s.target].trim() ? 0.5 : 0),
  expert(s, page) {
    if (s.value.trim() === s.areas[s.target].trim()) return `click(${page.idOf('button', 'Submit')})`;
    const answerId = s.answerFirst ? 1 : s.areas.length + 1;
    return `fill(${answerId}, "${s.areas[s.target]}")`;
  },
});
