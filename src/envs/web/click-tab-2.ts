// click-tab-2 (MiniWoB++ click-tab-2): "Switch between the tabs to find and click on the link X." Each tab's panel is
// filler text with some words as links; the target may sit in any tab. A link with the target's text wins, any other
// link fails. A tab's panel is made from the episode's key the first time it is shown.

import { Rng } from '../../core/rng';
import { LOREM_WORDS } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { poolsOf, type Split } from '../split';
import { defineWebTask, onClick } from './page';

/** A panel: runs of plain text and single-word links, in reading order. */
type Run = { link: boolean; text: string };

interface State {
  key: string; // seeds each tab's panel
  split: Split;
  words: number;
  every: number;
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

/** A panel of `n` filler words, about one in `every` a link (at least one link). */
function makePanel(rng: Rng, words: readonly string[], n: number, every: number): Run[] {
  const runs: Run[] = [];
  const forced = rng.int(n);
  let last: Run | undefined;
  for (let i = 0; i < n; i++) {
    const r = rng.int(every * words.length); // one draw: the word, and a link one time in `every`
    const w = words[r % words.length];
    if (i === forced || r < words.length) runs.push((last = { link: true, text: w }));
    else if (last && !last.link) last.text += ` ${w}`;
    else runs.push((last = { link: false, text: w }));
  }
  return runs;
}

/** Tab t's panel: a pure function of the episode's key and t, made on first use. */
function panelOf(s: State, t: number): Run[] {
  return (s.panels[t] ??= makePanel(new Rng(`${s.key}/tab${t}`), poolsOf(s.split).words(LOREM_WORDS), s.words, s.every));
}

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
      key: rng.key, split: pools.split, words: o.words as number, every: o.links as number,
      panels: Array(tabs).fill(null), active: 0, target: '', targetTab: rng.int(tabs),
    };
    s.target = rng.pick(panelOf(s, s.targetTab).filter((r) => r.link)).text;
    return { goal: `Switch between the tabs to find and click on the link "${s.target}".`, state: s };
  },
  draw(s, page) {
    for (let t = 0; t < s.panels.length; t++) page.add('tab', `Tab #${t + 1}`, { state: { selected: t === s.active } }, onClick(() => void (s.active = t)));
    for (const r of panelOf(s, s.active)) {
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
