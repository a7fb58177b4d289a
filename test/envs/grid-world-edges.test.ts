// Edge cases of grid-world's rules and environment (grid-world.ts, issue 21's mutation pass), on levels drawn by hand
// with outcomes worked out by hand: every way a move is refused and what it says, keys, doors, gates and the exit, the
// turn limit, the observation's symbols, the goal's wording, progress, clones and the spec.
import { describe, expect, it } from 'vitest';
import { BOX, DOOR, FLOOR, KEY, SWITCH, GridWorld, gateOpen, gridRows, gridWorldSpec, moveAgent } from '../../src/envs/games/grid-world';
import { expertMove } from '../../src/envs/games/grid-expert';
import type { Env } from '../../src/envs/api';
import { gridLevel, gridWorldOn } from '../support/grid-level';

const UP = 0;
const DOWN = 1;
const LEFT = 2;
const RIGHT = 3;

const grid = gridWorldOn;

describe('grid world: moves', () => {
  it('refuses each of the four edges of a one-cell grid', () => {
    const l = gridLevel(['A']);
    for (const d of [UP, DOWN, LEFT, RIGHT]) {
      const s = { ...l.state };
      expect(moveAgent(l.layout, s, d)).toBe('a wall is in the way');
      expect(s.agent).toBe(0);
    }
  });

  it('moves one cell each way, and refuses a wall', () => {
    const l = gridLevel(['...', '.A#', '...']);
    const after = (d: number) => {
      const s = { ...l.state };
      return [moveAgent(l.layout, s, d), s.agent];
    };
    expect([UP, DOWN, LEFT, RIGHT].map(after)).toEqual([[undefined, 1], [undefined, 7], [undefined, 3], ['a wall is in the way', 4]]);
  });

  it('pushes a box onto floor or a switch, and into nothing else', () => {
    for (const [row, ok] of [['AB.', true], ['ABS', true], ['AB#', false], ['ABD', false], ['ABK', false], ['ABE', false], ['ABG', false], ['ABB', false]] as const) {
      const l = gridLevel([row]);
      const s = { ...l.state };
      expect(moveAgent(l.layout, s, RIGHT), row).toBe(ok ? undefined : 'the box cannot move there');
      expect(s.agent, row).toBe(ok ? 1 : 0);
      expect([...s.cells.slice(1)], row).toEqual(ok ? [FLOOR, l.state.cells[2] | BOX] : [...l.state.cells.slice(1)]);
    }
  });

  it('pushes a box neither off the grid nor round onto the next or previous row', () => {
    for (const [rows, d] of [[['AB', '..'], RIGHT], [['..', 'BA'], LEFT], [['A', 'B'], DOWN], [['B', 'A'], UP]] as const) {
      const l = gridLevel([...rows]);
      const s = { ...l.state };
      expect(moveAgent(l.layout, s, d), rows.join('/')).toBe('the box cannot move there');
      expect(s.cells, rows.join('/')).toBe(l.state.cells);
    }
    const l = gridLevel(['.', 'B', 'A']); // up from the bottom row: the box goes to row 0
    const s = { ...l.state };
    expect(moveAgent(l.layout, s, UP)).toBeUndefined();
    expect([s.agent, ...s.cells]).toEqual([1, FLOOR | BOX, FLOOR, FLOOR]);
  });

  it('takes keys one by one and spends one on each door, which becomes floor', () => {
    const l = gridLevel(['AKKDD.']);
    const s = { ...l.state };
    const keys: number[] = [];
    for (let t = 0; t < 5; t++) {
      expect(moveAgent(l.layout, s, RIGHT)).toBeUndefined();
      keys.push(s.keys);
    }
    expect(keys).toEqual([1, 2, 1, 0, 0]);
    expect([...s.cells]).toEqual([FLOOR, FLOOR, FLOOR, FLOOR, FLOOR, FLOOR]);
    expect([...l.state.cells]).toEqual([FLOOR, KEY, KEY, DOOR, DOOR, FLOOR]); // the drawn cells were copied, not changed
    expect(moveAgent(l.layout, s, LEFT)).toBeUndefined(); // back over the opened door
    expect(s.agent).toBe(4);
  });

  it('says a locked door is locked when no key is held, and keeps the agent out', () => {
    const l = gridLevel(['AD']);
    const s = { ...l.state };
    expect(moveAgent(l.layout, s, RIGHT)).toBe('the door is locked and you have no key');
    expect([s.agent, s.keys, s.cells[1]]).toEqual([0, 0, DOOR]);
  });

  it('opens the gate only while every switch holds a box', () => {
    const boxed = gridLevel(['BSBS']);
    expect(gateOpen(boxed.layout, boxed.state.cells)).toBe(false); // neither switch holds a box
    const one = Uint8Array.from([FLOOR, SWITCH | BOX, FLOOR, SWITCH]);
    expect(gateOpen(boxed.layout, one)).toBe(false);
    expect(gateOpen(boxed.layout, Uint8Array.from([FLOOR, SWITCH | BOX, FLOOR, SWITCH | BOX]))).toBe(true);
    expect(gateOpen(gridLevel(['AG']).layout, Uint8Array.from([FLOOR, 6]))).toBe(true); // no switch at all: open
    const l = gridLevel(['AGS']);
    const s = { ...l.state };
    expect(moveAgent(l.layout, s, RIGHT)).toBe('the gate is closed until every switch holds a box');
    expect(s.agent).toBe(0);
    const open = gridLevel(['AG.']);
    const t = { ...open.state };
    expect(moveAgent(open.layout, t, RIGHT)).toBeUndefined();
    expect(t.agent).toBe(1);
  });

  it('wins on the exit and not before', () => {
    const l = gridLevel(['A.E']);
    const s = { ...l.state };
    moveAgent(l.layout, s, RIGHT);
    expect(s.won).toBe(false);
    moveAgent(l.layout, s, RIGHT);
    expect([s.won, s.agent]).toEqual([true, 2]);
  });
});

describe('grid world: steps', () => {
  it('reads the four short actions and their spelled-out forms alike', () => {
    for (const [action, agent] of [['move(up)', 1], ['move(down)', 7], ['move(left)', 3], ['move(right)', 5], ['move( up )', 1], ['move("down")', 7], ['move(left )', 3], ['move( right)', 5]] as const) {
      const g = grid(['...', '.A.', '...']);
      expect(Object.keys(g.step(action).info), action).toEqual(['success', 'progress', 'turn']); // no error, not even undefined
      expect(g.state.agent, action).toBe(agent);
    }
  });

  it('refuses a direction that is none of the four, and says which are', () => {
    const g = grid(['.A.']);
    expect(g.step('move(sideways)').info).toMatchObject({ turn: 1, lastActionError: 'move(sideways): direction must be up, down, left or right' });
    expect(g.state.agent).toBe(1);
  });

  it('counts a refused or unreadable action as a turn and says why', () => {
    const g = grid(['A.']);
    expect(g.step('jump(up)').info).toMatchObject({ turn: 1, lastActionError: "could not parse action 'jump(up)': unknown verb 'jump' (expected move)" });
    expect(g.step('move(up)').info).toMatchObject({ turn: 2, lastActionError: 'move(up): a wall is in the way' });
    expect(g.state.agent).toBe(0);
  });

  it('ends after the exit, and after 80 turns without it', () => {
    const won = grid(['AE']);
    expect(won.step('move(right)')).toMatchObject({ reward: 1, terminated: true, truncated: false });
    const after = won.step('move(left)');
    expect(after).toMatchObject({ reward: 1, terminated: true, truncated: false, info: { turn: 1, lastActionError: 'the episode is over; call reset()' } });
    expect(won.state.agent).toBe(1);

    const g = grid(['A.']);
    const steps = Array.from({ length: 80 }, (_, t) => g.step(t % 2 ? 'move(left)' : 'move(right)'));
    expect(steps[78]).toMatchObject({ reward: 0, terminated: false, truncated: false, info: { turn: 79 } });
    expect(steps[79]).toMatchObject({ reward: 0, terminated: false, truncated: true, info: { turn: 80 } });
    expect(g.step('move(right)').info).toMatchObject({ turn: 80, lastActionError: 'the episode is over; call reset()' });
    expect(g.state.agent).toBe(0); // 80 moves there and back, and none after
  });
});

describe('grid world: observations', () => {
  it('draws every symbol, the agent over its cell, and the keys held', () => {
    const g = grid(['A#DKESG', 'B......']);
    g.state.keys = 2;
    const obs = g.step('move(down)').obs; // refused: the box below cannot go off the grid
    expect(obs.elements).toEqual([
      { id: 1, role: 'row', name: 'A # D K E S G' },
      { id: 2, role: 'row', name: 'B . . . . . .' },
      { id: 3, role: 'status', name: 'keys 2' },
    ]);
    expect(obs.text).toBe("[1] row 'A # D K E S G'\n[2] row 'B . . . . . .'\n[3] status 'keys 2'");
  });

  it('builds its elements once: the same array on every read', () => {
    const obs = grid(['A.E']).step('move(right)').obs;
    expect(obs.elements).toBe(obs.elements);
  });

  it('draws the agent where it stands now, not also where it stood on the same cells', () => {
    const g = grid(['A..']);
    expect(g.step('move(right)').obs.text).toBe("[1] row '. A .'\n[2] status 'keys 0'");
    expect(g.step('move(right)').obs.text).toBe("[1] row '. . A'\n[2] status 'keys 0'"); // floor moves keep the cells array
  });

  it('draws an open gate as O, and the agent in the last column', () => {
    const l = gridLevel(['.BG', '.SA']);
    l.state.cells[4] |= BOX;
    expect(gridRows(l.layout, l.state)).toEqual(['. B O', '. B A']);
  });
});

describe('grid world: goals, progress, clones and spec', () => {
  it('words the goal after the doors and boxes', () => {
    const goal = (options: Record<string, number>) => {
      const g = new GridWorld();
      g.reset({ seed: 1, options });
      return g.goal;
    };
    expect(goal({ doors: 0, boxes: 0 })).toBe('Reach the exit E.');
    expect(goal({ doors: 1, boxes: 0 })).toBe('Take the key, open the door and reach the exit E.');
    expect(goal({ width: 11, doors: 2, boxes: 0 })).toBe('Take the keys, open the 2 doors and reach the exit E.');
    expect(goal({ doors: 0, boxes: 1 })).toBe('Push the box onto the switch S and reach the exit E.');
    expect(goal({ width: 13, height: 7, doors: 0, boxes: 2 })).toBe('Push the 2 boxes onto the switches S and reach the exit E.');
    expect(goal({ width: 13, height: 7, doors: 2, boxes: 2 })).toBe('Take the keys, open the 2 doors, push the 2 boxes onto the switches S and reach the exit E.');
  });

  it('counts progress by keys taken (2 each; a door spends one) and switches held, out of 2 more than there are', () => {
    /** The distinct progress values along the expert's route. */
    const along = (level: number, seed: number) => {
      const g = new GridWorld();
      const values = [g.reset({ seed, options: gridWorldSpec.levels![level] }).info.progress];
      for (let t = 0; t < 80 && !g.state.won; t++) {
        const p = g.step(expertMove(g.layout, g.state)).info.progress;
        if (p !== values[values.length - 1]) values.push(p);
      }
      return values;
    };
    // Level 0: a key and a door, no switch: start -2 (a key and a door on the grid), out of 2 + 0 + 2 = 4.
    expect(along(0, 0)).toEqual([0, 0.45, 1]); // 0.9 * 2 / 4 once the key is taken; the door adds nothing
    // Level 1: a key, a door and a box: out of 2 + 1 + 2 = 5; the key (2), then the box on its switch (3).
    const one = along(1, 0);
    expect(one).toHaveLength(4);
    expect(one[0]).toBe(0);
    expect(one[1]).toBeCloseTo(0.36, 12);
    expect(one[2]).toBeCloseTo(0.54, 12);
    expect(one[3]).toBe(1);
  });

  it('keeps progress within 0 and 1 on a level set by hand over seed 0\'s start (-2, out of 4 plus its switches)', () => {
    const keys = grid(['AKKKK.']);
    const p = [1, 2, 3, 4].map(() => keys.step('move(right)').info.progress);
    // -4 on the grid to start; each key taken +2: 0.9 * (-2 - -2) / 4, then 0.9 * 2 / 4, 0.9 * 4 / 4, 0.9 * 6 / 4 held at 1.
    expect(p).toEqual([0, 0.45, 0.9, 1]);
    expect(keys.state.won).toBe(false);
    const locked = grid(['AKDKD.']); // -4 on the grid: 0.9 * (-4 - -2) / 4 = -0.45, held at 0
    expect(locked.step('move(left)').info.progress).toBe(0);
  });

  it('clones with the same start, turn, goal and level, and moves apart', () => {
    const g = new GridWorld();
    g.reset({ seed: 3, options: gridWorldSpec.levels![1] });
    for (let t = 0; t < 80 && g.step(expertMove(g.layout, g.state)).info.progress === 0; t++); // up to the key: 0.9 * 2 / 5
    expect(g.state.keys).toBe(1);
    const c = g.clone();
    expect(g.turn).toBeGreaterThan(0);
    expect([c.goal, c.turn, c.layout, c.state]).toEqual([g.goal, g.turn, g.layout, g.state]);
    const a = expertMove(g.layout, g.state);
    const fromClone = c.step(a);
    expect(c.state.agent).not.toBe(g.state.agent); // the clone's move left the original where it was
    const fromOriginal = g.step(a);
    expect(fromClone.info).toEqual(fromOriginal.info);
    expect(fromClone.info.progress).toBeCloseTo(0.36, 12);
    expect(fromClone.obs.text).toBe(fromOriginal.obs.text);
  });

  it('has no goal, and a one-cell level not yet won, before its first reset', () => {
    const g = new GridWorld();
    expect([g.goal, g.turn, g.layout]).toEqual(['', 0, { w: 1, h: 1, switches: [] }]);
    expect(g.state).toEqual({ cells: new Uint8Array(1), agent: 0, keys: 0, won: false });
  });

  it('starts over on reset: turn 0, progress 0, the episode open again', () => {
    const g = grid(['AE']);
    g.step('move(right)');
    const r = g.reset({ seed: 0 });
    expect([g.turn, g.state.won, r.info]).toEqual([0, false, { success: false, progress: 0, turn: 0 }]);
    expect(g.step('move(up)').info.lastActionError).not.toBe('the episode is over; call reset()');
  });

  it('names itself, its options and its expert, which refuses another environment', () => {
    const g = gridWorldSpec.create();
    expect(g).toBeInstanceOf(GridWorld);
    expect([g.id, gridWorldSpec.id, gridWorldSpec.suite, gridWorldSpec.family, gridWorldSpec.maxTurns, g.maxTurns]).toEqual(['grid-world', 'grid-world', 'game', 'grid-world', 80, 80]);
    expect(gridWorldSpec.description).toMatch(/^Move through a grid/);
    expect(gridWorldSpec.options!.map((o) => o.name)).toEqual(['width', 'height', 'doors', 'boxes', 'walls']);
    for (const o of gridWorldSpec.options!) expect(o.doc.length, o.name).toBeGreaterThan(10);
    const levels = gridWorldSpec.levels!.map((l) => [l.width, l.height, l.doors, l.boxes, l.walls]);
    expect(levels).toEqual([[7, 5, 1, 0, 1], [9, 5, 1, 1, 0], [9, 5, 1, 1, 2], [11, 6, 2, 1, 3], [13, 7, 2, 2, 4]]);
    expect(gridWorldSpec.actions).toEqual([{ verb: 'move', args: ['dir'] }]);
    expect(gridWorldSpec.miniwob).toBeNull();
    expect(() => gridWorldSpec.expert!({} as Env)).toThrow('grid-world expert: not a grid-world environment');
  });
});
