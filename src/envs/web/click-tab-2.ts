// click-tab-2 (MiniWoB++ click-tab-2): "Switch between the tabs to find and click on the link X." Each tab's panel is
// filler text with some words as links; the target may sit in any tab. A link with the target's text wins, any other
// link fails.

import type { Rng } from '../../core/rng';
import { LOREM_WORDS } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { defineWebTask, onClick } from './page';

/** A panel: runs of plain text and single-word links, in reading order. */
type Run = { link: boolean; text: string };

interface State {
  panels: Run[][];
  active: number;
  target: string;
  targetTab: number;
}

const OPTIONS = [
  intOption('tabs', 'how many tabs', 3, 2, 6),
  intOption('words', 'words in each panel', 14, 6, 30),
  intOption('links', 'about one word in this many is a link', 3, 2, 6),
];

/** A panel of `n` filler words, about one in `every` a link (at least one link). One 32-bit draw a word picks the
 * word (low bits) and whether it is a link (high byte): a bias below one in a million, for a third of the cost. */
function makePanel(rng: Rng, words: readonly string[], n: number, every: number): Run[] {
  const runs: Run[] = [];
  const forced = rng.int(n);
  let last: Run | undefined;
  for (let i = 0; i < n; i++) {
    const r = rng.nextU32();
    const w = words[r % words.length];
    if (i === forced || (r >>> 24) % every === 0) runs.push((last = { link: true, text: w }));
    else if (last && !last.link) last.text += ` ${w}`;
    else runs.push((last = { link: false, text: w }));
  }
  return runs;
}

const holds = (s: State, t: number) => s.panels[t].some((r) => r.link && r.text === s.target);

export const clickTab2 = defineWebTask<State>({
  id: 'click-tab-2',
  description: 'Switch between tabs to find the named link and click it.',
  maxTurns: 6,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ tabs: 2, words: 8, links: 4 }, { tabs: 3, words: 10 }, { words: 14, links: 3 }, { words: 20 }, { tabs: 4 }, { tabs: 6, words: 30 }]),
  miniwob: 'click-tab-2',
  init(rng, o, pools) {
    const words = pools.words(LOREM_WORDS);
    const panels: Run[][] = [];
    for (let t = 0; t < (o.tabs as number); t++) panels.push(makePanel(rng, words, o.words as number, o.links as number));
    const targetTab = rng.int(panels.length);
    const target = rng.pick(panels[targetTab].filter((r) => r.link)).text;
    return { goal: `Switch between the tabs to find and click on the link "${target}".`, state: { panels, active: 0, target, targetTab } };
  },
  draw(s, page) {
    for (let t = 0; t < s.panels.length; t++) page.add('tab', `Tab #${t + 1}`, { state: { selected: t === s.active } }, onClick(() => void (s.active = t)));
    for (const r of s.panels[s.active]) {
      if (r.link) page.add('link', r.text, { depth: 1 }, onClick(() => page.end(r.text === s.target)));
      else page.add('text', r.text, { depth: 1 });
    }
  },
  progress: (s) => (holds(s, s.active) ? 0.5 : 0),
  expert(s, page) {
    if (holds(s, s.active)) return `click(${page.idOf('link', s.target)})`;
    return `click(${page.idOf('tab', `Tab #${s.targetTab + 1}`)})`;
  },
});
