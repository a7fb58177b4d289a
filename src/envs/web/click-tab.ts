// click-tab (MiniWoB++ click-tab; a lesson): "Click on Tab #N." Tabs are labelled Tab #1..#K over panels of filler
// text; another tab is open at the start, and clicking any tab ends the episode, a success only on tab N.

import { LOREM_WORDS } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { wordsOf } from './controls';
import { defineWebTask, onClick } from './page';

export interface State {
  tabs: number;
  panel: string; // the open tab's filler text (clicking any tab ends the episode, so no other panel is ever shown)
  active: number;
  target: number; // 0-based
}

const OPTIONS = [intOption('tabs', 'how many tabs', 3, 2, 6), intOption('words', 'filler words in each panel', 12, 4, 20)];

export const clickTab = defineWebTask<State>({
  id: 'click-tab',
  description: 'Click on the tab with the given number.',
  maxTurns: 3,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ tabs: 2, words: 8 }, { tabs: 3, words: 12 }, { tabs: 4 }, { tabs: 6, words: 20 }]),
  miniwob: 'click-tab',
  lesson: true,
  // The goal is one of a few sentences; the instance is the goal with its page of split-drawn filler text.
  instanceKey: 'goal+observation',
  init(rng, o, pools) {
    const n = o.tabs as number;
    const target = rng.int(n);
    const active = (target + rng.range(1, n - 1)) % n;
    const panel = wordsOf(rng, pools, LOREM_WORDS, o.words as number);
    return { goal: `Click on Tab #${target + 1}.`, state: { tabs: n, panel, active, target } };
  },
  draw(s, page) {
    for (let t = 0; t < s.tabs; t++) page.add('tab', `Tab #${t + 1}`, { state: { selected: t === s.active } }, onClick(() => page.end(t === s.target)));
    page.add('text', s.panel, { depth: 1 });
  },
  progress: () => 0,
  expert: (s, page) => `click(${page.idOf('tab', `Tab #${s.target + 1}`)})`,
});
