// click-menu (MiniWoB++ click-menu): "Select A>B>C": open the nested menus along the path and click its last item.
// Items are people's names, as in MiniWoB. Clicking an item with a submenu (marked haspopup) opens or closes it;
// clicking any other item ends the episode. From the default level on, labels repeat as real menus' do: items named
// like the path's (decoys, plain items) sit in the menu bar too, so clicking whatever matches the goal's words fails.

import { Rng } from '../../core/rng';
import { PERSON_FIRST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { poolsOf, type Pools, type Split } from '../split';
import { defineWebTask, onClick, type Page } from './page';

export interface Item {
  id: number; // unique in the episode
  name: string;
  children: Item[];
  /** A submenu off the target's path, made when first opened: its seed and levels. */
  later?: { seed: number; depth: number };
}

export interface State {
  bar: Item[];
  path: number[]; // item ids from the bar to the target leaf
  open: number[]; // ids of the open submenus, from the bar down
  split: Split;
  width: number;
  next: { id: number }; // the next item id
}

const OPTIONS = [
  intOption('width', 'items in each menu', 3, 2, 5),
  intOption('depth', "levels of the target's path, the menu bar included", 3, 1, 3),
  intOption('decoys', "plain items in the menu bar named like items of the target's path", 2, 0, 2),
];

/**
 * Builds a menu of `width` items. With `pathIds`, one item opens the submenu the target sits in, down to the last
 * level (its ids are pushed onto `pathIds`); any other item opens a submenu half the time, made when first opened.
 */
function grow(rng: Rng, names: () => string, next: { id: number }, width: number, depth: number, pathIds: number[] | null): Item[] {
  const forced = pathIds ? rng.int(width) : -1;
  const items: Item[] = [];
  for (let i = 0; i < width; i++) {
    const item: Item = { id: next.id++, name: names(), children: [] };
    if (i === forced) {
      pathIds?.push(item.id);
      if (depth > 1) item.children = grow(rng, names, next, width, depth - 1, pathIds);
    } else if (depth > 1 && rng.chance(0.5)) item.later = { seed: rng.nextU32(), depth: depth - 1 };
    items.push(item);
  }
  return items;
}

/** How many submenus along the goal's path are open, from the menu bar down. */
function openOnPath(s: State): number {
  let k = 0;
  while (
    // Stryker disable next-line EqualityOperator,ConditionalExpression: a guard: k grows only while open matches the path, whose leaf never opens, so at k = open.length open[k] is undefined and path[k] is not, and <= or no bound stops at the same k
    k < s.open.length &&
    s.open[k] === s.path[k] // on its own line: the mark above covers the bound only
  )
    k++;
  return k;
}

/** Makes a submenu left for later: a pure function of its seed, so clones and replays agree. */
function openLater(s: State, item: Item): void {
  if (!item.later) return;
  const rng = new Rng(`click-menu/${item.later.seed}`);
  item.children = grow(rng, nameSource(rng, poolsOf(s.split)), s.next, s.width, item.later.depth, null);
  delete item.later;
}

const hasSubmenu = (item: Item) => item.children.length > 0 || item.later !== undefined;

/** Draws a menu level and, after an open item, its submenu one level deeper. */
function drawLevel(s: State, page: Page, items: Item[], depth: number): void {
  for (const item of items) {
    if (!hasSubmenu(item)) {
      page.add('menuitem', item.name, { depth }, onClick(() => page.end(item.id === s.path[s.path.length - 1])));
      continue;
    }
    const expanded = s.open[depth] === item.id;
    page.add('menuitem', item.name, { depth, state: { haspopup: true, expanded } }, onClick(() => {
      openLater(s, item);
      s.open = expanded ? s.open.slice(0, depth) : [...s.open.slice(0, depth), item.id];
    }));
    if (expanded) drawLevel(s, page, item.children, depth + 1);
  }
}

/** The element id of item `id` on the drawn page (the order drawLevel adds them in), or 0 when it is hidden. */
function elementId(s: State, items: Item[], depth: number, id: number, counter: { n: number }): number {
  for (const item of items) {
    counter.n++;
    if (item.id === id) return counter.n;
    if (s.open[depth] === item.id) {
      const found = elementId(s, item.children, depth + 1, id, counter);
      if (found) return found;
    }
  }
  return 0;
}

/** A fresh name from the split for every item: no two items share a name unless a decoy copies one. */
function nameSource(rng: Rng, pools: Pools): () => string {
  const used = new Set<string>();
  return () => {
    for (;;) {
      const n = pools.pick(rng, PERSON_FIRST);
      if (!used.has(n)) return used.add(n), n;
    }
  };
}

export const clickMenu = defineWebTask<State>({
  id: 'click-menu',
  description: 'Open nested menus along the given path and click its last item.',
  maxTurns: 8,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [
    { width: 2, depth: 2, decoys: 0 },
    { width: 3 },
    { decoys: 1 },
    { depth: 3, decoys: 2 },
    { width: 4 },
    { width: 5 },
  ]),
  miniwob: 'click-menu',
  init(rng, o, pools) {
    const path: number[] = [];
    const next = { id: 0 };
    const bar = grow(rng, nameSource(rng, pools), next, o.width as number, o.depth as number, path);
    const named: string[] = [];
    let level = bar;
    for (const id of path) {
      const item = level.find((x) => x.id === id) as Item;
      named.push(item.name);
      level = item.children;
    }
    for (let d = 0; d < Math.min(o.decoys as number, named.length); d++) {
      const copy = named[named.length - 1 - d]; // the leaf's name first, then its parent's
      bar.splice(rng.int(bar.length + 1), 0, { id: -1 - d, name: copy, children: [] });
    }
    return { goal: `Select ${named.join('>')}`, state: { bar, path, open: [], split: pools.split, width: o.width as number, next } };
  },
  draw: (s, page) => drawLevel(s, page, s.bar, 0),
  progress(s) {
    return (0.9 * openOnPath(s)) / s.path.length;
  },
  expert(s) {
    const k = openOnPath(s);
    // Click the next item of the path: it opens (closing a wrong sibling's submenu), or it is the leaf.
    return `click(${elementId(s, s.bar, 0, s.path[k], { n: 0 })})`;
  },
});
