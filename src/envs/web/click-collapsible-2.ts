// click-collapsible-2 (MiniWoB++): an accordion of sections, each a paragraph of filler text with some words as
// links; only one section is open at a time. Open sections to find the link the goal names and click it; any
// other link fails. Section headers are tabs, as jQuery UI's accordion (MiniWoB's) marks them.

import { loremWords } from '../lexicon/lorem';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { Layouts } from './layout';
import { defineWebTask, onClick } from './page';

/** A paragraph as runs: plain text, or a link (one word). */
type Run = { link: boolean; text: string };

const HEADERS = ['Section #{n}', 'Part {n}', 'Chapter {n}', 'Topic {n}', 'Item {n}', 'Panel {n}', 'Question {n}', 'Entry {n}'];
const HEADINGS = ['', 'FAQ', 'Details', 'Notes', 'Help', 'Guide', 'Articles', 'Reading'];
const LAYOUTS = new Layouts('click-collapsible-2', [HEADERS.length, HEADINGS.length]);

interface State {
  sections: Run[][];
  target: string;
  open: number; // -1 when all are closed
  header: string;
  heading: string;
}

/** `n` words with about one in five a link, as runs; at least one link. */
function paragraph(words: string[], linkShare: number, chance: (p: number) => boolean): Run[] {
  const runs: Run[] = [];
  const forced = words.length - 1;
  let linked = false;
  words.forEach((w, i) => {
    const link = chance(linkShare) || (i === forced && !linked);
    linked ||= link;
    const last = runs[runs.length - 1];
    if (!link && last && !last.link) last.text += ` ${w}`;
    else runs.push({ link, text: w });
  });
  return runs;
}

const OPTIONS = [
  intOption('sections', 'sections in the accordion', 4, 2, 6),
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
    const sections = Array.from({ length: o.sections as number }, () => paragraph(loremWords(rng, pools, o.words as number), 0.2, (p) => rng.chance(p)));
    const links = sections.flat().filter((r) => r.link);
    const target = rng.pick(links).text;
    const [header, heading] = LAYOUTS.draw(rng, pools);
    return {
      goal: `Expand the sections below, to find and click on the link "${target}".`,
      state: { sections, target, open: -1, header: HEADERS[header], heading: HEADINGS[heading] },
    };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    s.sections.forEach((runs, k) => {
      const expanded = s.open === k;
      page.add('tab', s.header.replace('{n}', String(k + 1)), { state: expanded ? { expanded } : { collapsed: true } }, onClick(() => void (s.open = expanded ? -1 : k)));
      if (!expanded) return;
      for (const r of runs) {
        if (r.link) page.add('link', r.text, { depth: 1 }, onClick(() => page.end(r.text === s.target)));
        else page.add('text', r.text, { depth: 1 });
      }
    });
  },
  progress: (s) => (s.open >= 0 && s.sections[s.open].some((r) => r.link && r.text === s.target) ? 0.5 : 0),
  expert(s, page) {
    const home = s.sections.findIndex((runs) => runs.some((r) => r.link && r.text === s.target));
    if (s.open !== home) return `click(${page.idOf('tab', s.header.replace('{n}', String(home + 1)))})`;
    return `click(${page.idOf('link', s.target)})`;
  },
});
