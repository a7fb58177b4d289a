// click-tab-2 (MiniWoB++ click-tab-2): "Switch between the tabs to find and click on the link X." Each tab's panel is
// filler text with some words as links; the target may sit in any tab. A link with the target's text wins, any other
// link fails. A tab's panel is made from its seed the first time it is shown.

import { mix32 } from '../../core/rng';
import { LOREM_WORDS } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { poolsOf, type Split } from '../split';
import { listOf } from './controls';
import { defineWebTask, onClick } from './page';

/** A panel: runs of plain text and single-word links, in reading order. */
type Run = { link: boolean; text: string };

export interface State {
  split: Split;
  words: number;
  every: number;
  seeds: number[]; // one per tab: its panel is a pure function of it
  panels: (Run[] | null)[]; // made the first time their tab is shown (most episodes show one or two)
  active: number;
  target: string;
  targetTab: number;
}

const OPTIONS = [
  intOption('tabs', 'how many tabs', 3, 2, 6),
  intOption('words', 'words in each panel', 14, 6, 30),
  intOption('links', 'about one word in this many is a link', 3, 2, 6),
];

/** A panel of `n` filler words, about one in `every` a link (at least one), from a counter-based stream: word i's
 * draw is mix32(seed + i), its low bits the word and its high byte whether it is a link. */
function makePanel(seed: number, words: readonly string[], n: number, every: number): Run[] {
  const runs: Run[] = [];
  const forced = mix32(seed) % n;
  let last: Run | undefined;
  for (let i = 0; i < n; i++) {
    const r = mix32((seed + Math.imul(i + 1, 0x9e3779b9)) >>> 0);
    const w = words[r % words.length];
    if (i === forced || (r >>> 24) % every === 0) runs.push((last = { link: true, text: w }));
    else if (last && !last.link) last.text += ` ${w}`;
    else runs.push((last = { link: false, text: w }));
  }
  return runs;
}

/** Tab t's panel, made on first use. */
function panelOf(s: State, t: number): Run[] {
  return (s.panels[t] ??= makePanel(s.seeds[t], poolsOf(s.split).words(LOREM_WORDS), s.words, s.every));
}

// Parts every drawing shares.
const SELECTED = { state: { selected: true } };
const UNSELECTED = { state: { selected: false } };
const NESTED = { depth: 1 };
const tabName = (t: number) => `Tab #${t + 1}`;

const holds = (s: State, t: number) => panelOf(s, t).some((r) => r.link && r.text === s.target);

export const clickTab2 = defineWebTask<State>({
  id: 'click-tab-2',
  description: 'Switch between tabs to find the named link and click it.',
  maxTurns: 6,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ tabs: 2, words: 8, links: 4 }, { tabs: 3, words: 10 }, { words: 14, links: 3 }, { words: 20 }, { tabs: 4 }, { tabs: 6, words: 30 }]),
  miniwob: 'click-tab-2',
  init(rng, o, pools) {
    const tabs = o.tabs as number;
    const s: State = {
      split: pools.split, words: o.words as number, every: o.links as number, seeds: listOf(tabs, () => rng.nextU32()),
      // Stryker disable next-line StringLiteral: the target is set just below, before any read
      panels: Array(tabs).fill(null), active: 0, target: '', targetTab: rng.int(tabs),
    };
    s.target = rng.pick(panelOf(s, s.targetTab).filter((r) => r.link)).text;
    return { goal: `Switch between the tabs to find and click on the link "${s.target}".`, state: s };
  },
  draw(s, page) {
    // The tabs come first, so tab t is element t + 1; a link is named by its text.
    const show = onClick((e) => void (s.active = e.id - 1));
    for (let t = 0; t < s.panels.length; t++) page.add('tab', tabName(t), t === s.active ? SELECTED : UNSELECTED, show);
    const follow = onClick((e) => page.end(e.name === s.target));
    for (const r of panelOf(s, s.active)) {
      if (r.link) page.add('link', r.text, NESTED, follow);
      else page.add('text', r.text, NESTED);
    }
  },
  progress: (s) => (holds(s, s.active) ? 0.5 : 0),
  expert(s, page) {
    if (holds(s, s.active)) return `click(${page.idOf('link', s.target)})`;
    return `click(${page.idOf('tab', tabName(s.targetTab))})`;
  },
});
