// The grid world's mechanics: keys, doors, boxes, switches and gates.

import { describe, expect, it } from 'vitest';
import { BOX, DOOR, EXIT, FLOOR, GATE, GridWorld, KEY, SWITCH, WALL, solve } from '../../src/envs/games/grid-world';
import { plainObservation } from '../../src/envs/observation';

/** A grid world with a hand-made level: rows of symbols (A agent, B box, K key, D door, S switch, G gate, E exit). */
function grid(rows: string[]): GridWorld {
  const g = new GridWorld();
  g.reset({ seed: 0 });
  const codes: Record<string, number> = { '.': FLOOR, '#': WALL, D: DOOR, K: KEY, E: EXIT, S: SWITCH, G: GATE, B: FLOOR | BOX, A: FLOOR };
  const w = rows[0].length;
  const cells = new Uint8Array(w * rows.length);
  const switches: number[] = [];
  let agent = 0;
  rows.join('').split('').forEach((c, i) => {
    cells[i] = codes[c];
    if (c === 'A') agent = i;
    if (c === 'S') switches.push(i);
  });
  g.layout = { w, h: rows.length, switches };
  g.state = { cells, agent, keys: 0, won: false };
  return g;
}

describe('grid world', () => {
  it('pushes boxes, and not into walls', () => {
    const g = grid(['A.B.#']);
    const before = g.step('move(left)');
    expect(before.info.lastActionError).toBe('move(left): a wall is in the way');
    g.step('move(right)');
    const r = g.step('move(right)');
    expect(r.obs.text).toBe("[1] row '. . A B #'\n[2] status 'keys 0'");
    expect(g.step('move(right)').info.lastActionError).toBe('move(right): the box cannot move there');
    expect(before.obs.text).toBe("[1] row 'A . B . #'\n[2] status 'keys 0'"); // an old observation is a snapshot
  });

  it('opens a door with a key, and not without', () => {
    expect(grid(['AD.E']).step('move(right)').info.lastActionError).toBe('move(right): the door is locked and you have no key');
    const g = grid(['AKDE']);
    expect(g.step('move(right)').obs.text).toContain("status 'keys 1'");
    const opened = g.step('move(right)');
    expect(opened.obs.text).toBe("[1] row '. . A E'\n[2] status 'keys 0'");
    expect(g.step('move(right)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
  });

  it('opens the gate while a box holds the switch down', () => {
    const g = grid(['ABS##', '...GE']);
    const closed = g.clone();
    closed.step('move(down)');
    closed.step('move(right)');
    closed.step('move(right)');
    expect(closed.step('move(right)').info.lastActionError).toBe('move(right): the gate is closed until every switch holds a box');
    const pushed = g.step('move(right)');
    expect(pushed.obs.text).toContain("row '. A B # #'\n[2] row '. . . O E'");
    expect(pushed.info.progress).toBeGreaterThan(0);
    for (const a of ['move(down)', 'move(right)', 'move(right)']) g.step(a);
    expect(g.step('move(right)')).toMatchObject({ terminated: true, reward: 1 });
  });

  it('accepts spelled-out forms of move and rejects other directions', () => {
    const g = grid(['A..E']);
    expect(g.step('move( "right" )').info.lastActionError).toBeUndefined();
    expect(g.step('move(sideways)').info.lastActionError).toBe('move(sideways): direction must be up, down, left or right');
  });

  it('solve() finds the shortest plan, and null when a box is stuck', () => {
    const g = grid(['AKD.E']);
    expect(solve(g.layout, g.state)).toEqual([3, 3, 3, 3]);
    const stuck = grid(['#S#', '.B.', 'A..', '..G', '##E']);
    stuck.state.cells[1 * 3 + 1] = FLOOR;
    stuck.state.cells[0 * 3 + 0] = FLOOR | BOX; // the box sits in a corner: the switch can never be pressed
    expect(solve(stuck.layout, stuck.state)).toBeNull();
  });

  it('shares the cells between plain moves and copies them only on change', () => {
    const g = grid(['A.......']);
    const cells = g.state.cells;
    g.step('move(right)');
    expect(g.state.cells).toBe(cells); // plain moves share the cells (copy on write only when they change)
  });
});

describe('plainObservation', () => {
  it('survives structured cloning where a lazy observation would lose its text', () => {
    const obs = new GridWorld().reset({ seed: 0 }).obs;
    const copy = structuredClone(plainObservation(obs));
    expect(copy.text).toBe(obs.text);
    expect(copy.elements).toEqual(obs.elements);
  });
});
