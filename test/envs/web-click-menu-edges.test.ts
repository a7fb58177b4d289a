// Edge cases of the click-menu family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (the path's item at each level, fresh names, submenus left for later on a coin, the decoys copied from the
// path's end into the menu bar), submenus made from their own seed when first opened, the page with menus closed and
// open, opening, closing and switching submenus, the leaf and its decoy, progress, the expert and the turn limit.
// A submenu left for later with seed s is grown from Rng(`click-menu/${s}`): per item a name of the split, then, below
// the last level, a coin (next() < 0.5) that leaves it a submenu of its own with a fresh u32 seed. Tabulated once:
//   seed 2, train or test, two levels, 3 items: name 0.454 u2821255235, name 0.361 u595028972, name 0.536
//     train names Brycen, Maud, Sylvester; test names Elwin, Leora, Art
//   seed 2821255235, train, one level, 3 items: Bart, Doreen, Jessika
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { PERSON_FIRST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { clickMenu } from '../../src/envs/web/click-menu';
import { scripted, type ScriptedRng } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { Item, State } from '../../src/envs/web/click-menu';

const def = defOf<State>(clickMenu);
const train = poolsOf('train');
const NAMES = train.words(PERSON_FIRST).length;

/** A scripted stream whose nextU32 answers from its own list. */
function stream(script: number[], u32: number[] = []): ScriptedRng {
  const rng = scripted(script);
  rng.nextU32 = () => (rng.asked.push('u32'), u32.shift() as number);
  return rng;
}

const leaf = (id: number, name: string): Item => ({ id, name, children: [] });
/** Bar: Bo (left for later: seed 2, two levels), Ann > (Cy, Dee > (Eve, Fay)), a decoy Fay. The path is Ann>Dee>Fay. */
const state = (over: Partial<State> = {}): State => ({
  bar: [
    { id: 1, name: 'Bo', children: [], later: { seed: 2, depth: 2 } },
    { id: 0, name: 'Ann', children: [leaf(2, 'Cy'), { id: 3, name: 'Dee', children: [leaf(4, 'Eve'), leaf(5, 'Fay')] }] },
    leaf(-1, 'Fay'),
  ],
  path: [0, 3, 5], open: [], split: 'train', width: 3, next: { id: 6 }, ...over,
});

describe('click-menu: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(clickMenu).toMatchObject({ id: 'click-menu', suite: 'web', family: 'click-menu', maxTurns: 8, miniwob: 'click-menu' });
    expect(clickMenu.description).toBe('Open nested menus along the given path and click its last item.');
    expect(clickMenu.options).toEqual([
      { name: 'width', doc: 'items in each menu', kind: 'int', default: 3, min: 2, max: 5 },
      { name: 'depth', doc: "levels of the target's path, the menu bar included", kind: 'int', default: 3, min: 1, max: 3 },
      { name: 'decoys', doc: "plain items in the menu bar named like items of the target's path", kind: 'int', default: 2, min: 0, max: 2 },
    ]);
    expect(clickMenu.levels).toEqual([
      { width: 2, depth: 2, decoys: 0 },
      { width: 3, depth: 2, decoys: 0 },
      { width: 3, depth: 2, decoys: 1 },
      { width: 3, depth: 3, decoys: 2 },
      { width: 4, depth: 3, decoys: 2 },
      { width: 5, depth: 3, decoys: 2 },
    ]);
  });
});

describe('click-menu: init on a scripted stream', () => {
  it('the path item first, names in order and fresh, a coin below 0.5 leaves a submenu for later, one decoy', () => {
    expect(train.words(PERSON_FIRST).slice(0, 9)).toEqual(['Aaliyah', 'Abbie', 'Abbigail', 'Abby', 'Abigayle', 'Ada', 'Addie', 'Adela', 'Adele']);
    // bar: path item 1; Aaliyah, coin 0.3: later (seed 5); Abbie on the path: its menu's path item 0: Abbie again is
    // drawn again as Abbigail, then Abby (last level: no coin); the decoy Abbigail goes in at 0
    const rng = stream([1, 0, 0.3, 1, 0, 1, 2, 3, 0], [5]);
    const { goal, state } = def.init(rng, { width: 2, depth: 2, decoys: 1 }, train);
    expect(goal).toBe('Select Abbie>Abbigail');
    expect(rng.asked).toEqual(['int(2)', `int(${NAMES})`, 'next', 'u32', `int(${NAMES})`, 'int(2)', `int(${NAMES})`, `int(${NAMES})`, `int(${NAMES})`, 'int(3)']);
    expect(state).toEqual({
      bar: [
        leaf(-1, 'Abbigail'),
        { id: 0, name: 'Aaliyah', children: [], later: { seed: 5, depth: 1 } },
        { id: 1, name: 'Abbie', children: [leaf(2, 'Abbigail'), leaf(3, 'Abby')] },
      ],
      path: [1, 2], open: [], split: 'train', width: 2, next: { id: 4 },
    });
  });

  it('three levels, coins of 0.5 and more leave plain items; two decoys, the leaf\'s name then its parent\'s', () => {
    // bar: path item 0 (Aaliyah); its menu: path item 2: Abbie 0.5, Abbigail 0.9, Abby on the path; its menu: path
    // item 1: Abigayle, Ada, Addie; then the bar's Adela 0.99, Adele 0.7; decoy Ada at 3 of 4, decoy Abby at 0 of 5
    const rng = stream([0, 0, 2, 1, 0.5, 2, 0.9, 3, 1, 4, 5, 6, 7, 0.99, 8, 0.7, 3, 0]);
    const { goal, state } = def.init(rng, { width: 3, depth: 3, decoys: 2 }, train);
    expect(goal).toBe('Select Aaliyah>Abby>Ada');
    expect(rng.left).toEqual([]);
    expect(rng.asked.filter((a) => a === 'next')).toHaveLength(4);
    expect(state.path).toEqual([0, 3, 5]);
    expect(state.bar.map((i) => `${i.id} ${i.name}`)).toEqual(['-2 Abby', '0 Aaliyah', '7 Adela', '8 Adele', '-1 Ada']);
    expect(state.bar[1].children.map((i) => `${i.id} ${i.name} ${i.children.length}`)).toEqual(['1 Abbie 0', '2 Abbigail 0', '3 Abby 3']);
    expect(state.bar[1].children[2].children).toEqual([leaf(4, 'Abigayle'), leaf(5, 'Ada'), leaf(6, 'Addie')]);
    expect(state.next).toEqual({ id: 9 });
  });

  it('no more decoys than the path has names; none with decoys 0', () => {
    let rng = stream([1, 0, 1, 0]);
    let r = def.init(rng, { width: 2, depth: 1, decoys: 2 }, train);
    expect(r.goal).toBe('Select Abbie');
    expect(r.state.bar).toEqual([leaf(-1, 'Abbie'), leaf(0, 'Aaliyah'), leaf(1, 'Abbie')]);
    expect(rng.asked).toEqual(['int(2)', `int(${NAMES})`, `int(${NAMES})`, 'int(3)']);
    rng = stream([0, 0, 1]);
    r = def.init(rng, { width: 2, depth: 1, decoys: 0 }, train);
    expect(r.state.bar).toEqual([leaf(0, 'Aaliyah'), leaf(1, 'Abbie')]);
    expect(r.state.path).toEqual([0]);
  });
});

describe('click-menu: over seeds', () => {
  it('names of the split, distinct in each menu; the path one item a level; decoys named like its end', () => {
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 30; seed++) {
        const env = clickMenu.create();
        env.reset({ seed, split, options: { width: 3, depth: 3, decoys: 2 } });
        const s = (env as unknown as { state: State }).state;
        expect(s.split).toBe(split);
        const real = s.bar.filter((i) => i.id >= 0);
        expect(real).toHaveLength(3);
        expect(new Set(real.map((i) => i.name)).size).toBe(3);
        expect(s.path).toHaveLength(3);
        const names: string[] = [];
        let level = s.bar;
        for (const id of s.path) {
          const item = level.find((i) => i.id === id) as Item;
          names.push(item.name);
          level = item.children;
        }
        expect(env.goal).toBe(`Select ${names.join('>')}`);
        for (const n of names) expect(inSplit(n, split)).toBe(true);
        expect(s.bar.filter((i) => i.id < 0).map((i) => `${i.id} ${i.name}`).sort()).toEqual([`-1 ${names[2]}`, `-2 ${names[1]}`]);
      }
    }
  });
});

describe('click-menu: submenus left for later', () => {
  it('the tabulated draws are those of Rng(click-menu/seed)', () => {
    const r = new Rng('click-menu/2');
    expect([train.pick(r, PERSON_FIRST), r.next() < 0.5, r.nextU32(), train.pick(r, PERSON_FIRST), r.next() < 0.5, r.nextU32(), train.pick(r, PERSON_FIRST), r.next() < 0.5])
      .toEqual(['Brycen', true, 2821255235, 'Maud', true, 595028972, 'Sylvester', false]);
    const r2 = new Rng('click-menu/2821255235');
    expect([0, 1, 2].map(() => train.pick(r2, PERSON_FIRST))).toEqual(['Bart', 'Doreen', 'Jessika']);
  });

  it('are made when first opened, from their seed and the split, with the next ids; then kept', () => {
    const env = envWith(clickMenu, state());
    env.step('click(1)');
    const bo = env.state.bar[0];
    expect(bo).toEqual({
      id: 1, name: 'Bo', children: [
        { id: 6, name: 'Brycen', children: [], later: { seed: 2821255235, depth: 1 } },
        { id: 7, name: 'Maud', children: [], later: { seed: 595028972, depth: 1 } },
        leaf(8, 'Sylvester'),
      ],
    });
    expect(env.state.next).toEqual({ id: 9 });
    env.step('click(2)');
    expect(bo.children[0]).toEqual({ id: 6, name: 'Brycen', children: [leaf(9, 'Bart'), leaf(10, 'Doreen'), leaf(11, 'Jessika')] });
    expect(env.state.next).toEqual({ id: 12 });
    // closing and opening Bo again keeps what was made
    env.step('click(1)');
    env.step('click(1)');
    expect(bo.children.map((i) => i.name)).toEqual(['Brycen', 'Maud', 'Sylvester']);
    expect(env.state.next).toEqual({ id: 12 });
    // the test split's names
    const test = envWith(clickMenu, state({ split: 'test' }));
    test.step('click(1)');
    expect(test.state.bar[0].children.map((i) => i.name)).toEqual(['Elwin', 'Leora', 'Art']);
  });
});

describe('click-menu: the page and its handlers', () => {
  it('draws the bar; an open item\'s menu follows it one level deeper', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 menuitem 'Bo' [haspopup]", "2 menuitem 'Ann' [haspopup]", "3 menuitem 'Fay'"]);
    const page = drawn(def, state({ open: [0, 3] }));
    expect(lines(page)).toEqual([
      "1 menuitem 'Bo' [haspopup]", "2 menuitem 'Ann' [haspopup expanded]",
      "3 menuitem 'Cy' depth 1", "4 menuitem 'Dee' depth 1 [haspopup expanded]",
      "5 menuitem 'Eve' depth 2", "6 menuitem 'Fay' depth 2",
      "7 menuitem 'Fay'",
    ]);
    expect(page.elements.map((e) => e.state)).toEqual([
      { haspopup: true, expanded: false }, { haspopup: true, expanded: true }, undefined, { haspopup: true, expanded: true }, undefined, undefined, undefined,
    ]);
    expect(page.elements.map((e) => e.depth)).toEqual([undefined, undefined, 1, 1, 2, 2, undefined]);
  });

  it('an item with a menu opens it, closing a sibling\'s; clicking it again closes it and all below', () => {
    const env = envWith(clickMenu, state());
    expect(env.step('click(2)')).toMatchObject({ terminated: false, info: { progress: 0.3 } });
    expect(env.state.open).toEqual([0]);
    expect(env.step('click(4)').info.progress).toBeCloseTo(0.6, 12);
    expect(env.state.open).toEqual([0, 3]);
    expect(env.step('click(4)').info.progress).toBe(0.3);
    expect(env.state.open).toEqual([0]);
    env.step('click(4)');
    expect(env.step('click(2)').info.progress).toBe(0);
    expect(env.state.open).toEqual([]);
    // Bo's menu: Brycen open, then its sibling Maud instead (Brycen's three items close); Ann from there
    const bo = envWith(clickMenu, state());
    bo.step('click(1)');
    bo.step('click(2)');
    expect(bo.state.open).toEqual([1, 6]);
    bo.step('click(6)');
    expect(bo.state.open).toEqual([1, 7]);
    bo.step('click(8)');
    expect(bo.state.open).toEqual([0]);
  });

  it('the path\'s leaf succeeds; its decoy and any other plain item fail for good', () => {
    const at = () => envWith(clickMenu, state({ open: [0, 3] }));
    expect(at().step('click(6)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
    expect(at().step('click(7)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(at().step('click(5)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(at().step('click(3)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
  });

  it('progress is 0.9 of the share of the path open from the bar down', () => {
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ open: [0] }))).toBe(0.3);
    expect(def.progress(state({ open: [0, 3] }))).toBeCloseTo(0.6, 12);
    expect(def.progress(state({ open: [1] }))).toBe(0);
    expect(def.progress(state({ open: [1, 3] }))).toBe(0);
    expect(def.progress(state({ path: [0, 5], open: [0] }))).toBe(0.45);
  });

  it('the expert clicks the next item of the path wherever it is drawn; 8 turns', () => {
    const expert = (over: Partial<State>) => clickMenu.expert(envWith(clickMenu, state(over)));
    expect(expert({})).toBe('click(2)');
    expect(expert({ open: [0] })).toBe('click(4)');
    expect(expert({ open: [0, 3] })).toBe('click(6)');
    // past Bo's open menu (3 items) and its open submenu (3 more)
    const env = envWith(clickMenu, state());
    env.step('click(1)');
    env.step('click(2)');
    expect(clickMenu.expert(env)).toBe('click(8)');
    env.step('click(8)');
    expect(clickMenu.expert(env)).toBe('click(4)');
    const t = envWith(clickMenu, state());
    for (let i = 1; i < 8; i++) expect(t.step('click(1)').truncated).toBe(false);
    expect(t.step('click(1)')).toMatchObject({ terminated: false, truncated: true });
  });
});
