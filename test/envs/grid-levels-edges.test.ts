// Edge cases of grid-world's level generator (grid-levels.ts, issue 21's mutation pass): the narrowest width for each
// mix of doors and boxes, the options refused, skeletons and levels drawn from a scripted random stream and checked
// cell by cell by hand (wall columns, doors and the gate, boxes on their rows, scattered walls kept apart and off the
// doorways, keys, agent and exit), and the same rules over many seeded levels.
import { describe, expect, it } from 'vitest';
import { checkGridOptions, drawSkeleton, furnish, minWidth, type GridOptions, type Skeleton } from '../../src/envs/games/grid-levels';
import { BOX, DOOR, EXIT, GATE, KEY, SWITCH, WALL } from '../../src/envs/games/grid-world';
import { Rng } from '../../src/core/rng';

/** A random stream that answers int(n) from `script` in order (range, pick and shuffle go through int); `asked`
 * records each n. */
function scripted(script: number[]): Rng & { left: number[]; asked: number[] } {
  const left = [...script];
  const rng = Object.create(Rng.prototype) as Rng & { left: number[]; asked: number[] };
  rng.left = left;
  rng.asked = [];
  rng.int = (n: number) => {
    rng.asked.push(n);
    const v = left.shift();
    if (v === undefined) throw new Error(`scripted: no value left for int(${n})`);
    if (v >= n) throw new Error(`scripted: ${v} is not below ${n}`);
    return v;
  };
  return rng;
}

/** A level's cells as rows of symbols, no spaces: B box, . # D K E S G as grid-world draws them. */
function draw(level: { layout: { w: number; h: number }; state: { cells: Uint8Array } }): string[] {
  const { w, h } = level.layout;
  return Array.from({ length: h }, (_, y) =>
    Array.from(level.state.cells.slice(y * w, y * w + w), (c) => (c & BOX ? 'B' : '.#DKESG'[c])).join(''),
  );
}

const options = (o: Partial<GridOptions>): GridOptions => ({ width: 9, height: 5, doors: 1, boxes: 1, walls: 2, ...o });

/** A key chamber at columns 0-2 and the exit's at 4-6, the door in row 2 of the wall column 3. */
function twoChambers(walls: number): Skeleton {
  return {
    o: options({ width: 7, boxes: 0, walls }),
    chambers: [{ min: 1, x0: 0, x1: 2, key: true }, { min: 1, x0: 4, x1: 6, exit: true }],
    doorRows: [2],
    boxes: [],
    key: '',
  };
}

describe('grid levels: options', () => {
  it('needs a column a chamber (three for the box chamber) and a wall column between chambers', () => {
    expect(minWidth(options({ doors: 0, boxes: 0 }))).toBe(1);
    expect(minWidth(options({ doors: 1, boxes: 0 }))).toBe(3);
    expect(minWidth(options({ doors: 2, boxes: 0 }))).toBe(5);
    expect(minWidth(options({ doors: 0, boxes: 1 }))).toBe(5);
    expect(minWidth(options({ doors: 1, boxes: 1 }))).toBe(7);
    expect(minWidth(options({ doors: 2, boxes: 2 }))).toBe(9);
  });

  it('refuses a width below that and as many boxes as the height less one, naming both numbers', () => {
    expect(() => checkGridOptions(options({ width: 6 }))).toThrow('grid-world: width 6 is too narrow for 1 doors and 1 boxes (needs 7)');
    expect(() => checkGridOptions(options({ width: 7 }))).not.toThrow();
    expect(() => checkGridOptions(options({ boxes: 2, height: 3 }))).toThrow('grid-world: 2 boxes need a height of at least 4, got 3');
    expect(() => checkGridOptions(options({ boxes: 2, height: 4 }))).not.toThrow();
  });
});

describe('grid levels: skeletons', () => {
  it('spreads the spare columns, then draws the box rows, the doorways (not on a box row in the box chamber) and the boxes', () => {
    // Widths 1, 3, 1 and two spare columns to chambers 0 and 1; the shuffle keeps rows in order, so row 0 holds the
    // box; doorways in row 1 and in [1, 2, 3, 4][2] = 3; the box at 4 + 0, its switch at 5 + 1.
    const rng = scripted([0, 1, 4, 3, 2, 1, 1, 2, 0, 1]);
    const sk = drawSkeleton(rng, options({}));
    expect(rng.left).toEqual([]);
    expect(sk.chambers).toEqual([
      { min: 1, x0: 0, x1: 1, key: true },
      { min: 3, x0: 3, x1: 6, boxes: true },
      { min: 1, x0: 8, x1: 8, exit: true },
    ]);
    expect(sk.doorRows).toEqual([1, 3]);
    expect(sk.boxes).toEqual([{ x: 4, y: 0, switchX: 6 }]);
    expect(sk.key).toBe('9x5 2,4,1 1,3 4,0,6');
  });

  it('puts each box on its own row, the boxes apart by a space in the key', () => {
    // Widths 3 + 4, 1; rows in order, so boxes on rows 0 and 1; the doorway in [2, 3, 4][0]; boxes at 1 + 0 and 1 + 2,
    // switches at 2 + 4 and 4 + 0.
    const rng = scripted([0, 0, 0, 0, 4, 3, 2, 1, 0, 0, 4, 2, 0]);
    const sk = drawSkeleton(rng, options({ doors: 0, boxes: 2 }));
    expect(rng.left).toEqual([]);
    expect(sk.boxes).toEqual([{ x: 1, y: 0, switchX: 6 }, { x: 3, y: 1, switchX: 4 }]);
    expect(sk.key).toBe('9x5 7,1 2 1,0,6 3,1,4');
  });

  it('draws no box rows without boxes, and a key chamber for each door', () => {
    const rng = scripted([0, 0, 1, 1, 2, 4]);
    const sk = drawSkeleton(rng, options({ width: 9, doors: 2, boxes: 0 }));
    expect(rng.left).toEqual([]);
    expect(sk.chambers).toEqual([
      { min: 1, x0: 0, x1: 2, key: true },
      { min: 1, x0: 4, x1: 6, key: true },
      { min: 1, x0: 8, x1: 8, exit: true },
    ]);
    expect(sk.key).toBe('9x5 3,3,1 2,4 ');
  });

  it('makes the agent\'s chamber the box chamber without doors, and the only one without either', () => {
    const boxes = drawSkeleton(scripted([1, 1, 4, 3, 2, 1, 0, 0, 0]), options({ width: 7, doors: 0, boxes: 1 }));
    expect(boxes.chambers).toEqual([{ min: 3, x0: 0, x1: 2, key: false, boxes: true }, { min: 1, x0: 4, x1: 6, exit: true }]);
    expect(boxes.doorRows).toEqual([1]); // [1, 2, 3, 4][0]
    expect(boxes.boxes).toEqual([{ x: 1, y: 0, switchX: 2 }]);
    const open = drawSkeleton(scripted([0, 0, 0]), options({ width: 4, doors: 0, boxes: 0 }));
    expect(open.chambers).toEqual([{ min: 1, x0: 0, x1: 3, key: false, exit: true }]);
    expect(open.key).toBe('4x5 4  ');
  });
});

describe('grid levels: furnishing', () => {
  it('walls each chamber off with a door at its row, scatters walls off the doorways, then places agent, key and exit', () => {
    // Walls: (1,0) placed; (4,2) beside the door refused; (6,2) placed; (4,1) refused, as row 2 of its chamber has a
    // wall (in the chamber's last column). Agent: (1,0) is a wall, then (0,0). Key: (0,0) is the agent's, then (2,2).
    // Exit: (6,4).
    const rng = scripted([0, 0, 1, 1, 2, 0, 1, 2, 2, 1, 1, 0, 1, 0, 0, 0, 0, 0, 2, 2, 2, 4]);
    const level = furnish(rng, twoChambers(4));
    expect(rng.left).toEqual([]);
    expect(draw(level)).toEqual([
      '.#.#...',
      '...#...',
      '..KD..#',
      '...#...',
      '...#..E',
    ]);
    expect(level.layout).toEqual({ w: 7, h: 5, switches: [] });
    expect(level.state).toMatchObject({ agent: 0, keys: 0, won: false });
  });

  it('keeps scattered walls two rows apart within a chamber', () => {
    // (0,2) placed; (1,2) shares its row, (1,1) is above it and (1,3) below: refused; (1,4) placed. Agent (1,0);
    // key: (1,0) is the agent's, then (2,2); exit (4,0).
    const rng = scripted([0, 2, 0, 0, 2, 1, 0, 1, 1, 0, 3, 1, 0, 4, 1, 1, 0, 1, 0, 2, 2, 0, 0]);
    const level = furnish(rng, twoChambers(5));
    expect(rng.left).toEqual([]);
    expect(level.state.agent).toBe(1);
    expect(draw(level)).toEqual([
      '...#E..',
      '...#...',
      '#.KD...',
      '...#...',
      '.#.#...',
    ]);
  });

  it('scatters no walls in chambers one column wide', () => {
    const sk = twoChambers(2);
    sk.o.width = 3;
    sk.chambers = [{ min: 1, x0: 0, x1: 0, key: true }, { min: 1, x0: 2, x1: 2, exit: true }];
    const rng = scripted([0, 1, 0, 1, 0, 3, 0, 4]);
    const level = furnish(rng, sk);
    expect(rng.left).toEqual([]);
    // No wall draws; agent (0,1); key: (0,1), then (0,3); exit (2,4).
    expect(draw(level)).toEqual(['.#.', '.#.', '.D.', 'K#.', '.#E']);
    expect(level.state.agent).toBe(3);
  });

  it('puts the gate in the box chamber\'s wall, each box on its row with its switch, and no walls there', () => {
    const sk: Skeleton = {
      o: options({ walls: 1 }),
      chambers: [{ min: 1, x0: 0, x1: 1, key: true }, { min: 3, x0: 3, x1: 6, boxes: true }, { min: 1, x0: 8, x1: 8, exit: true }],
      doorRows: [1, 3],
      boxes: [{ x: 4, y: 0, switchX: 6 }],
      key: '',
    };
    // The one scattered wall can only go to chamber 0: (1,3). Agent (0,0); key: (0,0), then (1,4). Exit (8,2).
    const rng = scripted([0, 3, 1, 0, 0, 0, 0, 1, 4, 0, 2]);
    const level = furnish(rng, sk);
    expect(rng.left).toEqual([]);
    expect(rng.asked).toEqual([1, 5, 2, 2, 5, 2, 5, 2, 5, 1, 5]); // the wall's chamber drawn from chamber 0 alone
    expect(draw(level)).toEqual([
      '..#.B.S#.',
      '..D....#.',
      '..#....#E',
      '.##....G.',
      '.K#....#.',
    ]);
    expect(level.layout.switches).toEqual([6]);
    expect(level.state.cells[4]).toBe(BOX); // over floor
  });
});

describe('grid levels: seeded levels', () => {
  const count = (cells: Uint8Array, c: number) => cells.filter((x) => x === c).length;

  it('hold one key a door, one exit, one gate and a box and switch a box, the agent on floor, over 200 seeds', () => {
    const o = options({ width: 13, height: 7, doors: 2, boxes: 2, walls: 6 });
    for (let seed = 0; seed < 200; seed++) {
      const rng = Rng.fromSeed(seed);
      const sk = drawSkeleton(rng, o);
      const { layout, state } = furnish(rng, sk);
      const cells = state.cells;
      expect(count(cells, KEY), `seed ${seed}`).toBe(2);
      expect(count(cells, DOOR)).toBe(2);
      expect(count(cells, GATE)).toBe(1);
      expect(count(cells, EXIT)).toBe(1);
      expect(cells.filter((x) => (x & BOX) !== 0).length).toBe(2);
      expect(layout.switches.map((i) => cells[i])).toEqual([SWITCH, SWITCH]);
      expect(cells[state.agent]).toBe(0);
      const exitX = cells.indexOf(EXIT) % 13;
      expect(exitX).toBeGreaterThanOrEqual(sk.chambers[3].x0);
      const walls = count(cells, WALL) - 3 * 7 + 3; // less the three wall columns' walls
      expect(walls).toBeLessThanOrEqual(6);
    }
  });
});
