// Edge cases of the navigate-tree family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (MiniWoB's grower: a folder coin, a name, a folder's wanted children, bounded by the items and levels; the
// target among the hidden or all items; a tree with no hidden item drawn again), the rules over seeds, the page drawn
// with folders open and closed, clicks on folders, the target and another file, progress and the expert at each
// stage, the shallowest of two items of the target's name, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { PERSON_FIRST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { navigateTree } from '../../src/envs/web/navigate-tree';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { Item, State } from '../../src/envs/web/navigate-tree';

const def = defOf<State>(navigateTree);
const train = poolsOf('train');
const NAMES = train.words(PERSON_FIRST).length;

const file = (name: string): Item => ({ name, folder: false, open: false, children: [] });
const folder = (name: string, children: Item[], open = false): Item => ({ name, folder: true, open, children });
const tree = (o: { items: number; levels: number; hidden: number }) => o;

describe('navigate-tree: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(navigateTree).toMatchObject({ id: 'navigate-tree', suite: 'web', family: 'navigate-tree', maxTurns: 4, miniwob: 'navigate-tree' });
    expect(navigateTree.description).toBe('Open folders of a file tree to find the named folder or file and click it.');
    expect(navigateTree.lesson).toBeUndefined();
    expect(navigateTree.instanceKey).toBeUndefined();
    expect(navigateTree.options).toEqual([
      { name: 'items', doc: 'most folders and files in the tree', kind: 'int', default: 12, min: 3, max: 16 },
      { name: 'levels', doc: 'levels of nesting', kind: 'int', default: 3, min: 2, max: 4 },
      { name: 'hidden', doc: 'the target sits inside a folder, its name on no item above (0: anywhere, as in MiniWoB)', kind: 'int', default: 1, min: 0, max: 1 },
    ]);
    expect(navigateTree.levels).toEqual([
      { items: 8, levels: 2, hidden: 0 },
      { items: 8, levels: 2, hidden: 1 },
      { items: 12, levels: 3, hidden: 1 },
      { items: 16, levels: 4, hidden: 1 },
    ]);
  });
});

describe('navigate-tree: init on a scripted stream', () => {
  // Aaliyah: a folder (coin 0.2) wanting 2 of int(4) children: Abbie, a file (0.7), and Abbigail, a folder wanting
  // 2 of int(4 - 1) at depth 2, which levels 2 does not grow; then Abby, a file, the 4th item, and the grower stops.
  const script = [0.2, 0, 2, 0.7, 1, 0.1, 2, 2, 0.9, 3];
  const root = [folder('Aaliyah', [file('Abbie'), folder('Abbigail', [])]), file('Abby')];

  it('grows the tree, stopping at the items and levels; hidden: the target among the nested items', () => {
    expect(train.words(PERSON_FIRST).slice(0, 6)).toEqual(['Aaliyah', 'Abbie', 'Abbigail', 'Abby', 'Abigayle', 'Ada']);
    const rng = scripted([...script, 1]);
    const { goal, state } = def.init(rng, tree({ items: 4, levels: 2, hidden: 1 }), train);
    expect(goal).toBe('Navigate through the file tree. Find and click on the folder or file named "Abbigail".');
    expect(state).toEqual({ root, target: 'Abbigail' });
    const n = `int(${NAMES})`;
    expect(rng.asked).toEqual(['next', n, 'int(4)', 'next', n, 'next', n, 'int(3)', 'next', n, 'int(2)']);
    expect(rng.left).toEqual([]);
  });

  it('hidden 0: the target among every item, the root ones too', () => {
    const rng = scripted([...script, 3]);
    const { state } = def.init(rng, tree({ items: 4, levels: 2, hidden: 0 }), train);
    expect(state).toEqual({ root, target: 'Abby' });
    expect(rng.asked.at(-1)).toBe('int(4)');
  });

  it('a coin of 0.5 makes a file; a folder may want no children', () => {
    const rng = scripted([0.5, 0, 0.4, 1, 0, 0.5, 2, 0]);
    const { state } = def.init(rng, tree({ items: 3, levels: 2, hidden: 0 }), train);
    expect(state.root).toEqual([file('Aaliyah'), folder('Abbie', []), file('Abbigail')]);
    expect(rng.asked.filter((a) => a.startsWith('int(') && a !== `int(${NAMES})`)).toEqual(['int(2)', 'int(3)']);
  });

  it('draws again when no nested item is hidden: none nested, or only one named like a root item', () => {
    // tree 1: three files; tree 2: Aaliyah holding Aaliyah (named like a root item) and Abigayle; the grower stops at 3
    const rng = scripted([0.9, 0, 0.9, 1, 0.9, 2, 0.1, 0, 2, 0.9, 0, 0.9, 4, 0]);
    const { state } = def.init(rng, tree({ items: 3, levels: 2, hidden: 1 }), train);
    expect(state).toEqual({ root: [folder('Aaliyah', [file('Aaliyah'), file('Abigayle')])], target: 'Abigayle' });
    expect(rng.asked.at(-1)).toBe('int(1)');
    expect(rng.left).toEqual([]);
  });

  it('nests folders as deep as the levels allow', () => {
    // levels 3: a folder at depth 0 and 1, a file at depth 2; the depth-2 item is the last the levels allow
    const rng = scripted([0.1, 0, 1, 0.1, 1, 1, 0.9, 2, 0.9, 3, 0]);
    const { state } = def.init(rng, tree({ items: 4, levels: 3, hidden: 1 }), train);
    expect(state.root).toEqual([folder('Aaliyah', [folder('Abbie', [file('Abbigail')])]), file('Abby')]);
    expect(rng.asked.filter((a) => a.startsWith('int(') && a !== `int(${NAMES})`)).toEqual(['int(4)', 'int(4)', 'int(2)']);
  });
});

describe('navigate-tree: over seeds', () => {
  const count = (items: Item[]): number => items.reduce((n, i) => n + 1 + count(i.children), 0);
  const depth = (items: Item[]): number => Math.max(0, ...items.map((i) => 1 + depth(i.children)));
  const nested = (items: Item[]): string[] => items.flatMap((i) => [...i.children.map((c) => c.name), ...nested(i.children)]);

  it('at most items items, at most levels deep, names of the split; hidden targets nested under no root namesake', () => {
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 30; seed++) {
        const env = navigateTree.create();
        env.reset({ seed, split, options: { items: 10, levels: 3, hidden: 1 } });
        const { root, target } = (env as unknown as { state: State }).state;
        expect(count(root)).toBeLessThanOrEqual(10);
        expect(depth(root)).toBeLessThanOrEqual(3);
        expect(inSplit(target, split)).toBe(true);
        expect(nested(root)).toContain(target);
        expect(root.map((i) => i.name)).not.toContain(target);
      }
    }
  });

  it('hidden 0 sometimes names a root item', () => {
    let atRoot = 0;
    for (let seed = 0; seed < 30; seed++) {
      const env = navigateTree.create();
      env.reset({ seed, split: 'train', options: { hidden: 0 } });
      const { root, target } = (env as unknown as { state: State }).state;
      if (root.some((i) => i.name === target)) atRoot++;
    }
    expect(atRoot).toBeGreaterThan(0);
  });
});

describe('navigate-tree: the page and its handlers', () => {
  it('draws each item as a treeitem, a folder collapsed or expanded, an open folder\'s children one level deeper', () => {
    const root = [folder('Ann', [folder('Bo', [file('Cy')], true), file('Di')], true), folder('Ed', [file('Flo')]), file('Gus')];
    expect(lines(drawn(def, { root, target: 'Cy' }))).toEqual([
      "1 treeitem 'Ann' [expanded]",
      "2 treeitem 'Bo' depth 1 [expanded]",
      "3 treeitem 'Cy' depth 2",
      "4 treeitem 'Di' depth 1",
      "5 treeitem 'Ed' [collapsed]",
      "6 treeitem 'Gus'",
    ]);
  });

  it('a folder click opens it and a second closes it; another file fails; the target succeeds, a folder too', () => {
    const env = envWith(navigateTree, { root: [folder('Ann', [file('Bo')]), file('Cy')], target: 'Bo' });
    let r = env.step('click(1)');
    expect(r).toMatchObject({ terminated: false, reward: 0 });
    expect(r.info.lastActionError).toBeUndefined();
    expect(env.state.root[0].open).toBe(true);
    env.step('click(1)');
    expect(env.state.root[0].open).toBe(false);
    expect(envWith(navigateTree, { root: [file('Cy'), folder('Ann', [file('Bo')])], target: 'Bo' }).step('click(1)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    r = envWith(navigateTree, { root: [folder('Ann', [file('Bo')], true)], target: 'Bo' }).step('click(2)');
    expect(r).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    r = envWith(navigateTree, { root: [folder('Ann', [folder('Bo', [])], true)], target: 'Bo' }).step('click(2)');
    expect(r).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
  });

  it('the expert opens each folder on the way, then clicks the target; progress 0.9 of the path opened', () => {
    const env = envWith(navigateTree, { root: [folder('Ann', [folder('Bo', [file('Cy')])]), file('Di')], target: 'Cy' });
    expect(def.progress(env.state)).toBe(0);
    expect(navigateTree.expert(env)).toBe('click(1)');
    expect(env.step('click(1)').info.progress).toBe(0.45);
    expect(navigateTree.expert(env)).toBe('click(2)');
    expect(env.step('click(2)').info.progress).toBe(0.9);
    expect(navigateTree.expert(env)).toBe('click(3)');
    expect(env.step('click(3)')).toMatchObject({ reward: 1, info: { progress: 1 } });
  });

  it('the expert counts only the items shown; a target at the root: progress 0, clicked at once', () => {
    const env = envWith(navigateTree, { root: [folder('Ann', [file('Bo')]), folder('Cy', [file('Di')], true)], target: 'Di' });
    expect(navigateTree.expert(env)).toBe('click(3)');
    const top = { root: [folder('Ann', [file('Bo')], true), file('Cy')], target: 'Cy' };
    expect(def.progress(top)).toBe(0);
    expect(navigateTree.expert(envWith(navigateTree, top))).toBe('click(3)');
  });

  it('of two items named as the target, the shallowest counts, and of two as shallow the first', () => {
    // Cy under Ann > Bo and under Di: Di's, one level up, is the one
    const deeper = { root: [folder('Ann', [folder('Bo', [file('Cy')])], true), folder('Di', [file('Cy')])], target: 'Cy' };
    expect(def.progress(deeper)).toBe(0);
    expect(navigateTree.expert(envWith(navigateTree, deeper))).toBe('click(3)');
    // Cy under Ann and under Di, Di open: Ann's comes first
    const even = { root: [folder('Ann', [file('Cy')]), folder('Di', [file('Cy')], true)], target: 'Cy' };
    expect(def.progress(even)).toBe(0);
    expect(navigateTree.expert(envWith(navigateTree, even))).toBe('click(1)');
  });

  it('ends the episode after 4 turns, truncated', () => {
    const env = envWith(navigateTree, { root: [folder('Ann', [file('Bo')])], target: 'Bo' });
    for (let t = 1; t < 4; t++) expect(env.step('click(1)').truncated).toBe(false);
    expect(env.step('click(1)')).toMatchObject({ terminated: false, truncated: true });
  });
});
