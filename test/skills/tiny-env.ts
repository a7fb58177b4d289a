// A tiny two-page web task for skill tests: open Settings, type the goal's name into Name, press Save.
// A distractor button changes a counter; Save with a wrong name fails the episode.

import { defineWebTask, navBack, navigate, type Nav } from '../../src/envs/web/page';
import { FIRST_NAMES } from '../../src/envs/words';

interface State {
  nav: Nav;
  want: string;
  name: string;
  noise: number;
}

export const tinySettings = defineWebTask<State>({
  id: 'tiny-settings',
  description: 'Open Settings, set the name, save.',
  maxTurns: 6,
  options: [],
  init(rng) {
    const want = rng.pick(FIRST_NAMES);
    return { goal: `Set the name to ${want} and save.`, state: { nav: { page: 'home', history: [] }, want, name: '', noise: 0 } };
  },
  draw(s, page) {
    if (s.nav.page === 'home') {
      page.add('heading', 'Home');
      page.add('text', `Noise ${s.noise}`);
      page.add('button', 'Noise', undefined, { click: () => void s.noise++ });
      page.add('link', 'Settings', undefined, { click: () => navigate(s.nav, 'settings') });
    } else {
      page.add('heading', 'Settings');
      page.add('textbox', 'Name', { value: s.name }, { fill: (t) => void (s.name = t) });
      page.add('button', 'Save', undefined, { click: () => page.end(s.name === s.want) });
    }
  },
  back: (s) => navBack(s.nav),
  progress: (s) => (s.name === s.want ? 0.5 : 0),
  expert(s, page) {
    if (s.nav.page === 'home') return `click(${page.idOf('link', 'Settings')})`;
    if (s.name !== s.want) return `fill(${page.idOf('textbox', 'Name')}, "${s.want}")`;
    return `click(${page.idOf('button', 'Save')})`;
  },
});
