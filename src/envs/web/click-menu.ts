// click-menu (MiniWoB++ click-menu): "Select A>B>C": open the nested menus along the path and click its last item.
// Items are people's names, as in MiniWoB. Clicking an item with a submenu (marked haspopup) opens or closes it;
// clicking any other item ends the episode. From the default level on, labels repeat as real menus' do: items named
// like the path's (decoys, plain items) sit in the menu bar too, so clicking whatever matches the goal's words fails.

import type { Rng } from '../../core/rng';
import { PERSON_FIRST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import type { Pools } from '../split';
import { defineWebTask, onClick } from './page';

interface Item {
  id: number; // unique in the episode
  name: string;
  children: Item[];
}

interface State {
  bar: Item[];
  path: number[]; // item ids from the bar to the target leaf
  open: number[]; // ids of the open submenus, from the bar down
}

const OPTIONS = [
  intOption('width', 'items in each menu', 3, 2, 5),
  intOption('depth', "levels of the target's path, the menu bar included", 3, 1, 3),
  intOption('decoys', "plain items in the menu bar named like items of the target's path", 2, 0, 2),
];

/** Builds a menu whose item `forced` (if any) opens a submenu `depth - 1` levels deep; others open one half the time. */
function grow(rng: Rng, names: () => string, ids: { next: number }, width: number, depth: number, forced: number): Item[] {
  return Array.from({ length: width }, (_, i) => {
    const item: Item = { id: ids.next++, name: names(), children: [] };
    if (depth > 1 && (i === forced || rng.chance(0.5))) item.children = grow(rng, names, ids, width, depth - 1, i === forced ? rng.int(width) : -1);
    return item;
  });
}

/** The visible items in page order with their depth: the bar, and each open submenu after its item. */
function visible(s: State): { item: Item; depth: number }[] {
  const out: { item: Item; depth: number }[] = [];
  const walk = (items: Item[], depth: number) => {
    for (const item of items) {
      out.push({ item, depth });
      if (item.children.length > 0 && s.open[depth] === item.id) walk(item.children, depth + 1);
    }
  };
  walk(s.bar, 0);
  return out;
}

/** Follows ids from the bar down: the items of a path. */
function itemsOf(bar: Item[], ids: number[]): Item[] {
  const out: Item[] = [];
  let level = bar;
  for (const id of ids) {
    const item = level.find((x) => x.id === id) as Item;
    out.push(item);
    level = item.children;
  }
  return out;
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
    const width = o.width as number;
    const depth = o.depth as number;
    const ids = { next: 0 };
    const names = nameSource(rng, pools);
    const bar = grow(rng, names, ids, width, depth, rng.int(width));
    // The target: a leaf at the full depth, along the forced chain or any other as deep.
    const leaves: number[][] = [];
    const walk = (items: Item[], prefix: number[]) => {
      for (const it of items) {
        if (it.children.length) walk(it.children, [...prefix, it.id]);
        else if (prefix.length === depth - 1) leaves.push([...prefix, it.id]);
      }
    };
    walk(bar, []);
    const path = rng.pick(leaves);
    const named = itemsOf(bar, path).map((x) => x.name);
    for (let d = 0; d < Math.min(o.decoys as number, named.length); d++) {
      const copy = named[named.length - 1 - d]; // the leaf's name first, then its parent's
      bar.splice(rng.int(bar.length + 1), 0, { id: ids.next++, name: copy, children: [] });
    }
    return { goal: `Select ${named.join('>')}`, state: { bar, path, open: [] } };
  },
  draw(s, page) {
    const target = s.path[s.path.length - 1];
    for (const { item, depth } of visible(s)) {
      if (item.children.length === 0) {
        page.add('menuitem', item.name, { depth }, onClick(() => page.end(item.id === target)));
        continue;
      }
      const expanded = s.open[depth] === item.id;
      page.add('menuitem', item.name, { depth, state: { haspopup: true, expanded } }, onClick(() => void (s.open = expanded ? s.open.slice(0, depth) : [...s.open.slice(0, depth), item.id])));
    }
  },
  progress(s) {
    let k = 0;
    while (k < s.open.length && s.open[k] === s.path[k]) k++;
    return (0.9 * k) / s.path.length;
  },
  expert(s) {
    let k = 0;
    while (k < s.open.length && s.open[k] === s.path[k]) k++;
    // Click the next item of the path: it opens (closing a wrong sibling's submenu), or it is the leaf.
    const at = visible(s).findIndex((v) => v.item.id === s.path[k]);
    return `click(${at + 1})`;
  },
});
