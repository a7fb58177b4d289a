// click-menu (MiniWoB++ menus): a menu bar with nested submenus; open the path the goal names and click its leaf.

import type { Rng } from '../../core/rng';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { BUTTON_WORDS } from '../words';
import { defineWebTask, onClick, type Page } from './page';

interface Item {
  name: string;
  children: Item[];
}

interface State {
  menus: Item[];
  open: string[];
  target: string[];
}

function grow(rng: Rng, words: string[], depth: number, width: number): Item[] {
  // One item of each submenu opens a deeper submenu, so the word list (24) covers width 3, depth 3.
  const deep = depth > 1 ? rng.int(width) : -1;
  const items: Item[] = [];
  for (let i = 0; i < width; i++) {
    const name = words.pop() as string;
    items.push({ name, children: i === deep ? grow(rng, words, depth - 1, width) : [] });
  }
  return items;
}

function randomLeafPath(rng: Rng, items: Item[], depth: number): string[] {
  const deep = items.filter((x) => x.children.length > 0);
  const item = depth > 1 && deep.length > 0 ? rng.pick(deep) : rng.pick(items.filter((x) => x.children.length === 0));
  return item.children.length > 0 ? [item.name, ...randomLeafPath(rng, item.children, depth - 1)] : [item.name];
}

/** Draws one menu level; an expanded item's submenu follows it, one level deeper. */
function drawMenu(s: State, page: Page, items: Item[], level: number, prefix: string[]): void {
  for (const item of items) {
    const path = [...prefix, item.name];
    const expanded = s.open[level] === item.name && prefix.every((p, i) => s.open[i] === p);
    if (item.children.length === 0) {
      page.add('menuitem', item.name, { depth: level }, onClick(() => page.end(path.join('>') === s.target.join('>'))));
      continue;
    }
    page.add('menuitem', item.name, { depth: level, state: { expanded } }, onClick(() => void (s.open = expanded ? prefix.slice() : path)));
    if (expanded) drawMenu(s, page, item.children, level + 1, path);
  }
}

const OPTIONS = [
    intOption('depth', 'menu levels, including the menu bar', 2, 2, 3),
    intOption('width', 'items in each menu', 3, 2, 3),
  ];

export const clickMenu = defineWebTask<State>({
  id: 'click-menu',
  description: 'Open nested menus along the given path and click the final item.',
  maxTurns: 8,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ depth: 2, width: 2 }, { width: 3 }, { depth: 3 }]),
  miniwob: 'click-menu',
  init(rng, o) {
    const depth = o.depth as number;
    const words = rng.shuffle(BUTTON_WORDS);
    // The bar's items all open menus; below that, grow() mixes leaves and submenus.
    const menus = grow(rng, words, depth, o.width as number).map((m) => (m.children.length ? m : { ...m, children: grow(rng, words, depth - 1, o.width as number) }));
    const target = randomLeafPath(rng, menus, depth);
    return { goal: `Choose ${target.join(' > ')} from the menu.`, state: { menus, open: [], target } };
  },
  draw: (s, page) => drawMenu(s, page, s.menus, 0, []),
  progress: (s) => {
    let k = 0;
    while (k < s.open.length && s.open[k] === s.target[k]) k++;
    return k / s.target.length;
  },
  expert(s, page) {
    let k = 0;
    while (k < s.open.length && s.open[k] === s.target[k]) k++;
    if (k < s.open.length) {
      // A wrong submenu is open: close it by clicking its header again.
      const header = page.elements.find((e) => e.name === s.open[k] && (e.depth ?? 0) === k);
      return `click(${header?.id})`;
    }
    const e = page.elements.find((x) => x.name === s.target[k] && (x.depth ?? 0) === k);
    return `click(${e?.id})`;
  },
});
