// click-button (MiniWoB++): click the one button whose label the goal names; any other button fails the task.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { BUTTON_WORDS, sample } from '../words';
import { defineWebTask, onClick } from './page';

interface State {
  labels: string[];
  target: string;
}

const OPTIONS = [intOption('buttons', 'how many buttons are on the page', 3, 2, 12)];

export const clickButton = defineWebTask<State>({
  id: 'click-button',
  description: 'Click the button with the given label.',
  maxTurns: 3,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ buttons: 3 }, { buttons: 6 }, { buttons: 12 }]),
  miniwob: 'click-button',
  lesson: true,
  init(rng, o) {
    const labels = sample(rng, BUTTON_WORDS, o.buttons as number);
    const target = rng.pick(labels);
    return { goal: `Click the button '${target}'.`, state: { labels, target } };
  },
  draw(s, page) {
    for (const label of s.labels) page.add('button', label, undefined, onClick(() => page.end(label === s.target)));
  },
  progress: () => 0,
  expert: (s, page) => `click(${page.idOf('button', s.target)})`,
});
