// click-tab (MiniWoB++): the named link sits in one of several tab panels; open its tab, then click it.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { NOUNS, TOPICS, capitalize, sample } from '../words';
import { defineWebTask, onClick } from './page';

interface State {
  tabs: string[];
  links: string[][];
  active: number;
  target: string;
}

const OPTIONS = [
    intOption('tabs', 'how many tabs', 3, 2, 6),
    intOption('links', 'links in each tab panel', 2, 1, 4),
  ];

export const clickTab = defineWebTask<State>({
  id: 'click-tab',
  description: 'Switch to the tab that holds the named link and click the link.',
  maxTurns: 5,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{}, { tabs: 4, links: 3 }, { tabs: 6, links: 4 }]),
  miniwob: 'click-tab-2',
  init(rng, o) {
    const tabs = sample(rng, TOPICS, o.tabs as number).map(capitalize);
    const words = sample(rng, NOUNS, tabs.length * (o.links as number));
    const per = o.links as number;
    const links = tabs.map((_, t) => words.slice(t * per, (t + 1) * per));
    const target = rng.pick(words);
    return { goal: `Click the link '${target}'.`, state: { tabs, links, active: 0, target } };
  },
  draw(s, page) {
    s.tabs.forEach((tab, t) => {
      page.add('tab', tab, { state: { selected: t === s.active } }, onClick(() => void (s.active = t)));
    });
    for (const link of s.links[s.active]) page.add('link', link, { depth: 1 }, onClick(() => page.end(link === s.target)));
  },
  progress: (s) => (s.links[s.active].includes(s.target) ? 0.5 : 0),
  expert(s, page) {
    if (s.links[s.active].includes(s.target)) return `click(${page.idOf('link', s.target)})`;
    const t = s.links.findIndex((l) => l.includes(s.target));
    return `click(${page.idOf('tab', s.tabs[t])})`;
  },
});
