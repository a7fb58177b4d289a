// click-tab-2 (MiniWoB++ click-tab-2): "Switch between the tabs to find and click on the link X." Each tab's panel is
// filler text with some words as links; the target may sit in any tab. A link with the target's text wins, any other
// link fails.

import type { Rng } from '../../core/rng';
import { LOREM_WORDS } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import type { Pools } from '../split';
import { defineWebTask, onClick } from './page';

/** A panel: runs of plain text and single-word links, in reading order. */
type Run = { link: boolean; text: string };

interface State {
  panels: Run[][];
  active: number;
  target: string;
}

const OPTIONS = [
  intOption('tabs', 'how many tabs', 3, 2, 6),
  intOption('words', 'words in each panel', 14, 6, 30),
  intOption('links', 'about one word in this many is a link', 3, 2, 6),
];

/** A panel of `n` filler words, about one in `every` a link (at least one link). */
function panel(rng: Rng, pools: Pools, n: number, every: number): Run[] {
  const words = pools.words(LOREM_WORDS);
  const runs: Run[] = [];
  const forced = rng.int(n);
  for (let i = 0; i < n; i++) {
    const w = rng.pick(words);
    const link = i === forced || rng.int(every) === 0;
    const last = runs[runs.length - 1];
    if (!link && last && !last.link) last.text += ` ${w}`;
    else runs.push({ link, text: w });
  }
  return runs;
}

export const clickTab2 = defineWebTask<State>({
  id: 'click-tab-2',
  description: 'Switch between tabs to find the named link and click it.',
  maxTurns: 6,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ tabs: 2, words: 8, links: 4 }, { tabs: 3, words: 10 }, { words: 14, links: 3 }, { words: 20 }, { tabs: 4 }, { tabs: 6, words: 30 }]),
  miniwob: 'click-tab-2',
  init(rng, o, pools) {
    const panels = Array.from({ length: o.tabs as number }, () => panel(rng, pools, o.words as number, o.links as number));
    const links = panels.flatMap((p) => p.filter((r) => r.link).map((r) => r.text));
    const target = rng.pick(links);
    return { goal: `Switch between the tabs to find and click on the link "${target}".`, state: { panels, active: 0, target } };
  },
  draw(s, page) {
    s.panels.forEach((_, t) => page.add('tab', `Tab #${t + 1}`, { state: { selected: t === s.active } }, onClick(() => void (s.active = t))));
    for (const r of s.panels[s.active]) {
      if (r.link) page.add('link', r.text, { depth: 1 }, onClick(() => page.end(r.text === s.target)));
      else page.add('text', r.text, { depth: 1 });
    }
  },
  progress: (s) => (s.panels[s.active].some((r) => r.link && r.text === s.target) ? 0.5 : 0),
  expert(s, page) {
    if (s.panels[s.active].some((r) => r.link && r.text === s.target)) return `click(${page.idOf('link', s.target)})`;
    return `click(${page.idOf('tab', `Tab #${s.panels.findIndex((p) => p.some((r) => r.link && r.text === s.target)) + 1}`)})`;
  },
});
