// click-collapsible-2 (MiniWoB++): an accordion of sections, each a paragraph of filler text with some words as
// links; only one section is open at a time. Open sections to find the link the goal names and click it; any
// other link fails. Section headers are tabs, as jQuery UI's accordion (MiniWoB's) marks them. A section's text is
// written when it is first opened (MiniWoB writes all at once and picks the goal's link among all; here the goal's
// section is picked first, then its link).

import { Rng } from '../../core/rng';
import { loremWords } from '../lexicon/lorem';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { poolsOf, type Split } from '../split';
import { listOf } from './controls';
import { Layouts } from './layout';
import { defineWebTask, onClick } from './page';

/** A paragraph as runs: plain text, or a link (one word). */
type Run = { link: boolean; text: string };

const HEADERS = ['Section #{n}', 'Part {n}', 'Chapter {n}', 'Topic {n}', 'Item {n}', 'Panel {n}', 'Question {n}', 'Entry {n}'];
const HEADINGS = ['', 'FAQ', 'Details', 'Notes', 'Help', 'Guide', 'Articles', 'Reading'];
const LAYOUTS = new Layouts('click-collapsible-2', [HEADERS.length, HEADINGS.length]);

export interface State {
  /** Each section's runs, null until it is first opened. */
  sections: (Run[] | null)[];
  /** The section the goal's link was placed in. */
  home: number;
  words: number;
  /** Seeds the sections' texts, with the split they draw from. */
  key: string;
  split: Split;
  target: string;
  open: number; // -1 when all are closed
  header: string;
  heading: string;
}

const MAX_SECTIONS = 6;
// Parts every drawing shares: the tabs' states, the runs' depth, and each header style's names for every section.
const EXPANDED = { state: { expanded: true } };
const COLLAPSED = { state: { collapsed: true } };
const NESTED = { depth: 1 };
const HEADER_NAMES = new Map(HEADERS.map((h) => [h, listOf(MAX_SECTIONS, (k) => h.replace('{n}', String(k + 1)))]));
const headerNames = (header: string) => HEADER_NAMES.get(header) as string[];

/** Section k's text (written once, from the episode's key): words with about one in five a link, at least one. */
function writeSection(s: State, k: number): Run[] {
  const written = s.sections[k];
  if (written) return written;
  const rng = new Rng(`${s.key}/${k}`);
  const words = loremWords(rng, poolsOf(s.split), s.words);
  const runs: Run[] = [];
  let linked = false;
  for (let i = 0; i < words.length; i++) {
    const link: boolean = rng.chance(0.2) || (i === words.length - 1 && !linked);
    linked ||= link;
    const last = runs[runs.length - 1];
    if (!link && last && !last.link) last.text += ` ${words[i]}`;
    else runs.push({ link, text: words[i] });
  }
  return (s.sections[k] = runs);
}

const OPTIONS = [
  intOption('sections', 'sections in the accordion', 4, 2, MAX_SECTIONS),
  intOption('words', 'words in each section', 16, 8, 30),
];

export const clickCollapsible2 = defineWebTask<State>({
  id: 'click-collapsible-2',
  description: 'Open accordion sections to find the named link among filler text and click it.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ sections: 2, words: 12 }, { sections: 3, words: 20 }, { sections: 4, words: 16 }, { sections: 6, words: 24 }]),
  miniwob: 'click-collapsible-2',
  instanceKey: 'goal+observation',
  init(rng, o, pools) {
    const n = o.sections as number;
    const [header, heading] = LAYOUTS.draw(rng, pools);
    const s: State = {
      sections: listOf(n, () => null), home: rng.int(n), words: o.words as number, key: String(rng.nextU32()), split: pools.split,
      // Stryker disable next-line StringLiteral: the target is set just below, before any read
      target: '', open: -1, header: HEADERS[header], heading: HEADINGS[heading],
    };
    s.target = rng.pick(writeSection(s, s.home).filter((r) => r.link)).text;
    return { goal: `Expand the sections below, to find and click on the link "${s.target}".`, state: s };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    // One handler serves the tabs (a tab is named by its section's number) and one the links (named by their text).
    const names = headerNames(s.header);
    const toggle = onClick((e) => {
      const k = names.indexOf(e.name);
      s.open = s.open === k ? -1 : (writeSection(s, k), k);
    });
    const follow = onClick((e) => page.end(e.name === s.target));
    for (let k = 0; k < s.sections.length; k++) {
      const expanded = s.open === k;
      page.add('tab', names[k], expanded ? EXPANDED : COLLAPSED, toggle);
      const runs = s.sections[k];
      if (!expanded || !runs) continue;
      for (const r of runs) {
        if (r.link) page.add('link', r.text, NESTED, follow);
        else page.add('text', r.text, NESTED);
      }
    }
  },
  // All closed, open is -1 and sections[-1] undefined.
  progress: (s) => ((s.sections[s.open] ?? []).some((r) => r.link && r.text === s.target) ? 0.5 : 0),
  expert(s, page) {
    if (s.open !== s.home) return `click(${page.idOf('tab', headerNames(s.header)[s.home])})`;
    return `click(${page.idOf('link', s.target)})`;
  },
});
