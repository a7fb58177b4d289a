// find-word (MiniWoB++): a paragraph of filler text; type its n-th word (without punctuation) into the
// textbox and press Submit.

import { loremSentences } from '../lexicon/lorem';
import { fillTemplate } from '../lexicon/phrasing';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { ordinal } from './controls';
import { Layouts, PositionGoals } from './layout';
import { defineWebTask, onClick, onFill } from './page';

/** Phrasings of the instruction (MiniWoB's first); a goal, phrasing and position together, is in one split. */
const GOALS = [
  'Find the {nth} word in the paragraph, type that into the textbox and press "Submit".',
  'Type the {nth} word of the paragraph into the textbox and press Submit.',
  'What is the {nth} word in the paragraph? Enter it in the textbox and press Submit.',
  'Enter the {nth} word of the text above into the box, then press Submit.',
  'Copy the {nth} word of the paragraph into the textbox and click Submit.',
  'Read the paragraph, type its {nth} word in the textbox and press Submit.',
];
const LABELS = ['', 'Answer', 'Word'];
const HEADINGS = ['', 'Paragraph', 'Read this', 'Quiz'];
// Stryker disable next-line StringLiteral: the key names the goals only in the no-choice error, and a paragraph of 6 or more words always has choices
const GOAL_CHOICES = new PositionGoals('find-word', GOALS, (phrasing, k) => fillTemplate(phrasing, { nth: ordinal(k + 1) }));
const LAYOUTS = new Layouts('find-word', [LABELS.length, HEADINGS.length]);

export interface State {
  words: string[];
  target: number;
  label: string;
  heading: string;
  value: string;
}

/** A word as the answer compares it: letters and digits only. */
const bare = (w: string) => w.replace(/[^a-zA-Z0-9]/g, '');

const OPTIONS = [intOption('words', 'longest paragraph, in words (shortest is 6)', 15, 6, 30)];

export const findWord = defineWebTask<State>({
  id: 'find-word',
  description: 'Type the n-th word of the paragraph into the textbox and press Submit.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ words: 8 }, { words: 15 }, { words: 30 }]),
  miniwob: 'find-word',
  instanceKey: 'goal+observation',
  init(rng, o, pools) {
    const words = loremSentences(rng, pools, rng.range(6, o.words as number));
    const { goal, position: target } = GOAL_CHOICES.draw(rng, pools, words.length);
    const [label, heading] = LAYOUTS.draw(rng, pools);
    return { goal, state: { words, target, label: LABELS[label], heading: HEADINGS[heading], value: '' } };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    page.add('text', s.words.join(' '));
    page.add('textbox', s.label, { value: s.value }, onFill((t) => void (s.value = t)));
    page.add('button', 'Submit', undefined, onClick(() => page.end(bare(s.value) === bare(s.words[s.target]))));
  },
  progress: (s) => (bare(s.value) === bare(s.words[s.target]) ? 0.5 : 0),
  expert(s, page) {
    const want = bare(s.words[s.target]);
    return bare(s.value) === want ? `click(${page.idOf('button', 'Submit')})` : `fill(${page.idOf('textbox', s.label)}, "${want}")`;
  },
});
