// The grid world: its mechanics (keys, doors, boxes, switches, gates), its levels (made solvable by construction,
// shortest routes inside the turn limit, the expert's route as short as the exact solver's), splits, and baselines.

import { describe, expect, it } from 'vitest';
import { BOX, FLOOR, GridWorld, gridWorldSpec } from '../../src/envs/games/grid-world';
import { planRoute, solve } from '../../src/envs/games/grid-expert';
import { drawSkeleton } from '../../src/envs/games/grid-levels';
import { plainObservation, renderElements } from '../../src/envs/observation';
import { playBaseline } from '../../src/envs/baselines';
import { Rng } from '../../src/core/rng';
import { gridWorldOn } from '../support/grid-level';

const grid = gridWorldOn;

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

  it('prints the text its elements render to, at every step of random play', () => {
    const env = new GridWorld();
    const rng = Rng.fromSeed(9);
    for (let seed = 0; seed < 20; seed++) {
      let obs = env.reset({ seed, options: gridWorldSpec.levels![4] }).obs;
      for (let t = 0; t < 40; t++) {
        expect(obs.text).toBe(renderElements(obs.elements));
        obs = env.step(`move(${rng.pick(['up', 'down', 'left', 'right'])})`).obs;
      }
    }
  });

  it('shares the cells between plain moves and copies them only on change', () => {
    const g = grid(['A.......']);
    const cells = g.state.cells;
    g.step('move(right)');
    expect(g.state.cells).toBe(cells); // plain moves share the cells (copy on write only when they change)
  });
});

/** A level's picture without what the skeleton leaves out: agent, keys, exit and the walls inside chambers. */
function skeletonOf(elements: readonly { role: string; name: string }[]): string {
  const rows = elements.filter((e) => e.role === 'row').map((e) => e.name.split(' '));
  const wallColumn = (x: number) => rows.every((r) => r[x] === '#' || r[x] === 'D' || r[x] === 'G');
  return rows.map((r) => r.map((c, x) => ('AKE'.includes(c) || (c === '#' && !wallColumn(x)) ? '.' : c)).join('')).join('/');
}

describe('grid world levels', () => {
  const levels = gridWorldSpec.levels ?? [];

  it('has five levels, from a key and a door to two doors and two boxes', () => {
    expect(levels.map((l) => [l.width, l.height, l.doors, l.boxes, l.walls])).toEqual([
      [7, 5, 1, 0, 1], [9, 5, 1, 1, 0], [9, 5, 1, 1, 2], [11, 6, 2, 1, 3], [13, 7, 2, 2, 4],
    ]);
  });

  it('builds every level solvable: the expert routes 1,000 seeds a level well inside the turn limit', () => {
    const env = new GridWorld();
    levels.forEach((level, k) => {
      let longest = 0;
      for (let seed = 0; seed < 1000; seed++) {
        env.reset({ seed, options: level, split: seed % 4 ? 'train' : 'test' });
        const route = planRoute(env.layout, env.state);
        expect(route, `level ${k} seed ${seed}`).not.toBeNull();
        longest = Math.max(longest, route!.length);
      }
      expect(longest, `level ${k}`).toBeLessThanOrEqual(gridWorldSpec.maxTurns - 20);
    });
  });

  it('routes as short as the exact search over whole states (levels 0-3, 60 seeds each)', () => {
    const env = new GridWorld();
    levels.slice(0, 4).forEach((level, k) => {
      for (let seed = 0; seed < 60; seed++) {
        env.reset({ seed, options: level });
        expect(planRoute(env.layout, env.state)!.length, `level ${k} seed ${seed}`).toBe(solve(env.layout, env.state)!.length);
      }
    });
  });

  it('decides the split by the skeleton (chambers, doorways, boxes): no test skeleton comes up in 3,000 train levels', () => {
    const rng = Rng.fromSeed(3);
    const o = { width: 9, height: 5, doors: 1, boxes: 1, walls: 2 };
    expect(new Set(Array.from({ length: 3000 }, () => drawSkeleton(rng, o).key)).size).toBeGreaterThan(300);
    const env = new GridWorld();
    const skeletons = (split: 'train' | 'test') => new Set(Array.from({ length: 3000 }, (_, seed) => skeletonOf(env.reset({ seed, split }).obs.elements)));
    const train = skeletons('train');
    const test = skeletons('test');
    expect([...test].filter((k) => train.has(k))).toEqual([]);
    expect(test.size).toBeGreaterThan(50);
  });

  it('refuses options that do not fit together, saying why', () => {
    expect(() => new GridWorld().reset({ seed: 0, options: { width: 7, doors: 2, boxes: 2 } })).toThrow('grid-world: width 7 is too narrow for 2 doors and 2 boxes (needs 9)');
  });

  it('is rarely won at random: both random baselines at most 0.05 on 200 test seeds at the default level', () => {
    for (const id of ['random-grammar', 'random-legal'] as const) {
      const wins = Array.from({ length: 200 }, (_, seed) => playBaseline(gridWorldSpec, id, seed, { split: 'test' }).success).filter(Boolean).length;
      expect(wins / 200, id).toBeLessThanOrEqual(0.05);
    }
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
