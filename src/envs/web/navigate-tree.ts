// navigate-tree (MiniWoB++): a collapsed file tree of folders and files named after people; open folders to
// find the item the goal names and click it. Clicking a folder opens or closes it; clicking any other file fails.

import type { Rng } from '../../core/rng';
import { PERSON_FIRST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import type { Pools } from '../split';
import { defineWebTask, onClick, type Page } from './page';

export interface Item {
  name: string;
  folder: boolean;
  open: boolean;
  children: Item[];
}

export interface State {
  root: Item[];
  target: string;
}

/** MiniWoB's generator: files and folders at random until `max` items, folders nested below `levels`. */
function grow(rng: Rng, name: () => string, max: number, levels: number): Item[] {
  let count = 0;
  const level = (depth: number, wanted: number): Item[] => {
    const items: Item[] = [];
    while (items.length < wanted && count < max && depth < levels) {
      count++;
      const folder = rng.chance(0.5);
      items.push({ name: name(), folder, open: false, children: folder ? level(depth + 1, rng.int(max - items.length)) : [] });
    }
    return items;
  };
  return level(0, max);
}

interface Placed {
  item: Item;
  /** The folders above the item, outermost first. */
  path: Item[];
  visible: boolean;
}

/** Every item of the tree in drawing order, with the folders above it. */
function flatten(items: Item[], path: Item[] = [], visible = true, out: Placed[] = []): Placed[] {
  for (const item of items) {
    out.push({ item, path, visible });
    flatten(item.children, [...path, item], visible && item.open, out);
  }
  return out;
}

/** The shallowest item with the target's name, with its path. */
function shallowestTarget(s: State): Placed {
  let best: Placed | undefined;
  for (const p of flatten(s.root)) if (p.item.name === s.target && (!best || p.path.length < best.path.length)) best = p;
  return best as Placed;
}

function drawItems(s: State, page: Page, items: Item[], depth: number): void {
  for (const item of items) {
    // A folder says whether it is open, as an accessibility tree's expanded=true/false does.
    const state: Record<string, boolean> | undefined = item.folder ? (item.open ? { expanded: true } : { collapsed: true }) : undefined;
    page.add('treeitem', item.name, { depth, state }, onClick(() => {
      if (item.name === s.target) page.end(true);
      else if (!item.folder) page.end(false);
      else item.open = !item.open;
    }));
    if (item.open) drawItems(s, page, item.children, depth + 1);
  }
}

function treeNames(rng: Rng, pools: Pools): () => string {
  const names = pools.words(PERSON_FIRST);
  return () => rng.pick(names);
}

const OPTIONS = [
  intOption('items', 'most folders and files in the tree', 12, 3, 16),
  intOption('levels', 'levels of nesting', 3, 2, 4),
  intOption('hidden', 'the target sits inside a folder, its name on no item above (0: anywhere, as in MiniWoB)', 1, 0, 1),
];

export const navigateTree = defineWebTask<State>({
  id: 'navigate-tree',
  description: 'Open folders of a file tree to find the named folder or file and click it.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ items: 8, levels: 2, hidden: 0 }, { hidden: 1 }, { items: 12, levels: 3 }, { items: 16, levels: 4 }]),
  miniwob: 'navigate-tree',
  init(rng, o, pools) {
    const names = treeNames(rng, pools);
    for (;;) {
      const root = grow(rng, names, o.items as number, o.levels as number);
      const placed = flatten(root);
      const shallow = new Set(placed.filter((p) => p.path.length === 0).map((p) => p.item.name));
      // Hidden: a name no root item has, so a nested item (every root item's name is in `shallow`).
      const candidates = o.hidden ? placed.filter((p) => !shallow.has(p.item.name)) : placed;
      if (candidates.length === 0) continue;
      const target = rng.pick(candidates).item.name;
      return { goal: `Navigate through the file tree. Find and click on the folder or file named "${target}".`, state: { root, target } };
    }
  },
  draw: (s, page) => drawItems(s, page, s.root, 0),
  progress(s) {
    const { path } = shallowestTarget(s);
    return path.length === 0 ? 0 : (0.9 * path.filter((p) => p.open).length) / path.length;
  },
  expert(s) {
    // Open the first closed folder on the way to the target, else click the target itself.
    const { item, path } = shallowestTarget(s);
    const next = path.find((p) => !p.open) ?? item;
    const shown = flatten(s.root).filter((p) => p.visible);
    return `click(${shown.findIndex((p) => p.item === next) + 1})`;
  },
});
