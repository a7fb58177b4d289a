// enter-text (MiniWoB++): type the given words into the text box and press Submit.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { NOUNS, sample } from '../words';
import { defineWebTask, onClick, onFill } from './page';

interface State {
  target: string;
  value: string;
}

const OPTIONS = [intOption('words', 'how many words to type', 1, 1, 4)];

export const enterText = defineWebTask<State>({
  id: 'enter-text',
  description: 'Type the given text into the box and click Submit.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{}, { words: 2 }, { words: 4 }]),
  miniwob: 'enter-text',
  init(rng, o) {
    const target = sample(rng, NOUNS, o.words as number).join(' ');
    return { goal: `Enter '${target}' in the text box and click Submit.`, state: { target, value: '' } };
  },
  draw(s, page) {
    page.add('textbox', 'Text', { value: s.value }, onFill((t) => void (s.value = t)));
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.value === s.target)));
  },
  progress: (s) => (s.value === s.target ? 0.5 : 0),
  expert: (s, page) => (s.value === s.target ? `click(${page.idOf('button', 'Submit')})` : `fill(${page.idOf('textbox', 'Text')}, "${s.target}")`),
});
