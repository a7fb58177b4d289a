// A grid-world level drawn by hand from rows of symbols, and a grid world playing one, for the grid-world and
// grid-expert tests.
import { BOX, DOOR, EXIT, FLOOR, GATE, GridWorld, KEY, SWITCH, WALL, type GridState, type Layout } from '../../src/envs/games/grid-world';

/** A level from rows of symbols: A agent, B box, K key, D door, S switch, * a box on a switch, G gate, E exit, # wall,
 * . floor. */
export function gridLevel(rows: string[]): { layout: Layout; state: GridState } {
  const codes: Record<string, number> = { '.': FLOOR, '#': WALL, D: DOOR, K: KEY, E: EXIT, S: SWITCH, G: GATE, B: FLOOR | BOX, '*': SWITCH | BOX, A: FLOOR };
  const w = rows[0].length;
  const cells = new Uint8Array(w * rows.length);
  const switches: number[] = [];
  let agent = 0;
  rows.join('').split('').forEach((c, i) => {
    cells[i] = codes[c];
    if (c === 'A') agent = i;
    if (c === 'S' || c === '*') switches.push(i);
  });
  return { layout: { w, h: rows.length, switches }, state: { cells, agent, keys: 0, won: false } };
}

/** A grid world reset on seed 0 (default level), then given a level drawn by hand (its progress keeps seed 0's start). */
export function gridWorldOn(rows: string[]): GridWorld {
  const g = new GridWorld();
  g.reset({ seed: 0 });
  const { layout, state } = gridLevel(rows);
  g.layout = layout;
  g.state = state;
  return g;
}
