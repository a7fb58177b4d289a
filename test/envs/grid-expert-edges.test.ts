// Edge cases of grid-world's expert and exact solver (grid-expert.ts, issue 21's mutation pass), on levels drawn by
// hand with routes followed by hand: the sub-goal order (exit, a door it has a key for, a key, boxes onto switches),
// pushes along and around (over the exit and the box's first cell, round a wall and round a box on a switch), the
// cheapest order of two boxes, a stuck box, the stored plan and the fallback move, and solve's state cap.
// Directions: 0 up, 1 down, 2 left, 3 right.
import { describe, expect, it } from 'vitest';
import { expertMove, planRoute, solve } from '../../src/envs/games/grid-expert';
import { moveAgent, type GridState, type Layout } from '../../src/envs/games/grid-world';
import { gridLevel } from '../support/grid-level';

/** Plays moves on a copy; the state after them (each must be allowed). */
function play(l: { layout: Layout; state: GridState }, dirs: number[]): GridState {
  const s = { ...l.state };
  for (const d of dirs) expect(moveAgent(l.layout, s, d)).toBeUndefined();
  return s;
}

describe('grid expert: routes by sub-goals', () => {
  it('walks straight to the exit, the shortest way round a wall', () => {
    expect(planRoute(gridLevel(['A..E']).layout, gridLevel(['A..E']).state)).toEqual([3, 3, 3]);
    const l = gridLevel(['A#E', '...']);
    expect(planRoute(l.layout, l.state)).toEqual([1, 3, 3, 0]);
  });

  it('walks neither off a row\'s end onto the next row nor off its start onto the last', () => {
    const right = gridLevel(['..A', 'E..']); // right of A would wrap onto E
    expect(planRoute(right.layout, right.state)).toEqual([1, 2, 2]);
    const left = gridLevel(['..E', 'A..']); // left of A would wrap onto E
    expect(planRoute(left.layout, left.state)).toEqual([0, 3, 3]);
  });

  it('walks over an empty switch and over a key on its way to the exit', () => {
    const l = gridLevel(['ASE']); // the switch holds no box, and there is no gate
    expect(planRoute(l.layout, l.state)).toEqual([3, 3]);
    const k = gridLevel(['AKE', '...']); // through the key, not round it
    expect(planRoute(k.layout, k.state)).toEqual([3, 3]);
  });

  it('takes the key, then opens the door, then walks to the exit', () => {
    const l = gridLevel(['AKD.E']);
    const route = planRoute(l.layout, l.state)!;
    expect(route).toEqual([3, 3, 3, 3]);
    expect(play(l, route).won).toBe(true);
  });

  it('takes a key behind it before the door in front of it', () => {
    const l = gridLevel(['KAD.E']);
    expect(planRoute(l.layout, l.state)).toEqual([2, 3, 3, 3, 3]);
  });

  it('pushes the box onto the switch, then walks through the open gate', () => {
    const l = gridLevel(['AB.S#.', '....GE']);
    // Two pushes right leave the agent at (2,0); then down and three steps right through the gate.
    expect(planRoute(l.layout, l.state)).toEqual([3, 3, 1, 3, 3, 3]);
  });

  it('pushes a box left onto a switch at the row\'s end, then goes down through the gate', () => {
    const l = gridLevel(['S.BA', '#..#', 'G..#', 'E###']);
    // Two pushes left put the box on (0,0); from (1,0): down, down, left through the gate at (0,2), down to the exit.
    const route = planRoute(l.layout, l.state)!;
    expect(route).toEqual([2, 2, 1, 1, 2, 1]);
    expect(play(l, route).won).toBe(true);
    expect(route).toHaveLength(solve(l.layout, l.state)!.length);
  });

  it('pushes two boxes in the cheaper order', () => {
    const l = gridLevel(['A....#.', '.B.S.#.', '.B.S.GE', '.....#.']);
    // The upper box first: down, right, right (3), then left, left, down, right, right (5), then down, right, right,
    // up, right, right to the exit (6): 14. The lower box first costs 4 + 5 and a walk of 7: 16.
    const route = planRoute(l.layout, l.state)!;
    expect(route).toEqual([1, 3, 3, 2, 2, 1, 3, 3, 1, 3, 3, 0, 3, 3]);
    expect(play(l, route).won).toBe(true);
    expect(solve(l.layout, l.state)).toHaveLength(14);
  });

  it('steps onto cell 0 to push a box from there', () => {
    const l = gridLevel(['.BS', 'A.#', 'G##', 'E##']);
    // Up to cell 0 and one push right; then down before left (the search tries down first), down through the gate and
    // down to the exit.
    expect(planRoute(l.layout, l.state)).toEqual([0, 3, 1, 2, 1, 1]);
  });

  it('keeps the first of two equally cheap orders of boxes', () => {
    const l = gridLevel(['S.B.A.B.S', '####G####', '####E####']);
    // The left box to the left switch (3 moves) then the right one (6), or the other way round (3 + 6): 9 either way;
    // the left box comes first in cell order. Then three steps back to the middle and down twice: 14.
    expect(planRoute(l.layout, l.state)).toEqual([2, 2, 2, 3, 3, 3, 3, 3, 3, 2, 2, 2, 1, 1]);
  });

  it('returns null when a box can no longer reach a switch', () => {
    const l = gridLevel(['B.S', 'A..', '##G', '##E']); // the box in its corner moves no way
    expect(planRoute(l.layout, l.state)).toBeNull();
    expect(solve(l.layout, l.state)).toBeNull();
  });

  it('gives up past 16 legs: 7 keys and doors in a row take 15, 8 take 17', () => {
    const seven = gridLevel([`A${'KD'.repeat(7)}E`]);
    expect(planRoute(seven.layout, seven.state)).toEqual(Array(15).fill(3));
    const eight = gridLevel([`A${'KD'.repeat(8)}E`]);
    expect(planRoute(eight.layout, eight.state)).toBeNull();
    expect(solve(eight.layout, eight.state)).toEqual(Array(17).fill(3)); // the exact search has no legs to run out of
  });
});

describe('grid expert: what a push search may walk and push over', () => {
  it('walks over the exit on its way round a box, and wins there', () => {
    const l = gridLevel(['##.E.', 'AB...', '##.S.']);
    // The box shuts the agent in: push right twice (box on (3,1), agent on (2,1)); to push it down onto the switch the
    // agent must stand on (3,0), the exit: up, right; then down. The walk wins on its fourth move, before the push.
    const route = planRoute(l.layout, l.state)!;
    expect(route).toEqual([3, 3, 0, 3, 1]);
    expect(play(l, route.slice(0, 4)).won).toBe(true);
  });

  it('pushes a box back over the cell it started on', () => {
    const l = gridLevel(['...#', '...#', '...#', '#B##', '#A##', '#.GE', '#S##']);
    // The agent is between the box and the switch: push it up twice into the room (agent on (1,2)), round it by the
    // left (left, up, up, right), then down five times, over its first cell (1,3), onto (1,6); right, right to the exit.
    expect(planRoute(l.layout, l.state)).toEqual([0, 0, 2, 0, 0, 3, 1, 1, 1, 1, 1, 3, 3]);
  });

  it('walks back over the cell the box started on', () => {
    const l = gridLevel(['#...##', '#.#.##', 'AB..GE', '###S##']);
    // Push right twice (box on (3,2), agent on (2,2)); the way above the box starts on the box's first cell (1,2):
    // left, up, up, right, right, down; push down onto the switch; right through the gate, right to the exit.
    expect(planRoute(l.layout, l.state)).toEqual([3, 3, 2, 0, 0, 3, 3, 1, 1, 3, 3]);
  });

  it('pushes a box round a wall, not through it', () => {
    const l = gridLevel(['....##', 'AB#S##', '....##', '....GE']);
    // Up, right; push down (box on (1,2)); left, down; push right twice (box on (3,2)); down, right; push up onto the
    // switch; down, then right through the gate and right to the exit: 13 moves.
    const route = planRoute(l.layout, l.state)!;
    expect(route).toEqual([0, 3, 1, 2, 1, 3, 3, 1, 3, 0, 1, 3, 3]);
    expect(play(l, route).won).toBe(true);
  });

  it('pushes a box round a box already on a switch, not through it', () => {
    const l = gridLevel(['....##', 'AB*S##', '....##', '....GE']);
    // The same 13 moves as round a wall: the box on (2,1) stays; the gate opens once both switches hold a box.
    const route = planRoute(l.layout, l.state)!;
    expect(route).toEqual([0, 3, 1, 2, 1, 3, 3, 1, 3, 0, 1, 3, 3]);
    expect(play(l, route).won).toBe(true);
  });
});

describe('grid expert: moves', () => {
  it('follows its stored plan, and plans again off it', () => {
    const l = gridLevel(['A#E', '...', '...']);
    const s = { ...l.state };
    const seen: string[] = [];
    for (let t = 0; t < 4 && !s.won; t++) {
      const move = expertMove(l.layout, s);
      seen.push(move);
      moveAgent(l.layout, s, ['up', 'down', 'left', 'right'].indexOf(move.slice(5, -1)));
    }
    expect(seen).toEqual(['move(down)', 'move(right)', 'move(right)', 'move(up)']);
    expect(s.won).toBe(true);
    const off = { ...l.state, agent: 6 }; // (0,2), not on the plan's way: up, right, right, up
    expect(expertMove(l.layout, off)).toBe('move(up)');
  });

  it('makes the first allowed move when no plan reaches the exit', () => {
    const stuck = gridLevel(['B.S', 'A..', '##G', '##E']);
    expect(expertMove(stuck.layout, stuck.state)).toBe('move(right)'); // up pushes the box off the grid, down is a wall
    const boxless = gridLevel(['#S#', '#A#', '#G#', '#E#']); // no box for the switch: the gate stays shut
    expect(expertMove(boxless.layout, boxless.state)).toBe('move(up)');
    const walled = gridLevel(['###', '#A#', '###']);
    expect(expertMove(walled.layout, walled.state)).toBe('move(up)'); // no move allowed at all
  });
});

describe('grid expert: the exact solver', () => {
  it('finds the shortest plan, and gives up past its state cap', () => {
    const l = gridLevel(['A#E', '...']);
    expect(solve(l.layout, l.state)).toEqual([1, 3, 3, 0]);
    expect(solve(l.layout, l.state, 3)).toBeNull();
  });

  it('stops at the first layer that starts with maxStates states or more', () => {
    const l = gridLevel(['A#E', '...']);
    // States seen after each layer: 1 (start), 2 (cell 3), 3 (cell 4), 4 (cell 5); layer 4 reaches the exit.
    expect(solve(l.layout, l.state, 4)).toBeNull(); // 4 states seen when layer 4 would start
    expect(solve(l.layout, l.state, 5)).toEqual([1, 3, 3, 0]);
  });
});
