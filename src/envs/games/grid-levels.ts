// grid-world's level generator, constructive: every level it makes is solvable by the way it is built, so a reset
// costs no search. Walls split the grid into chambers crossed left to right: the agent's (with the first key), one
// per further key, the box chamber (boxes pushed along their rows onto switches open the gate), the exit's.

import type { Rng } from '../../core/rng';
import { BOX, DOOR, EXIT, FLOOR, GATE, KEY, SWITCH, WALL, type GridState, type Layout } from './grid-world';

export interface GridOptions {
  width: number;
  height: number;
  doors: number; // locked doors, one wall each, a key before each
  boxes: number; // boxes to push onto switches; any opens a gate wall
  walls: number; // single wall cells scattered in the chambers without boxes
}

/** One chamber: its columns and what it holds. */
interface Chamber {
  min: number; // narrowest it may be
  x0: number;
  x1: number;
  key?: boolean;
  boxes?: boolean;
  exit?: boolean;
}

/** The chambers of a level left to right, with their narrowest widths (the box chamber: walkway, box, switch). */
function chambersOf(o: GridOptions): Chamber[] {
  const out: Chamber[] = [{ min: 1, x0: 0, x1: 0, key: o.doors > 0 }];
  for (let d = 1; d < o.doors; d++) out.push({ min: 1, x0: 0, x1: 0, key: true });
  if (o.boxes > 0) {
    if (o.doors > 0) out.push({ min: 3, x0: 0, x1: 0, boxes: true });
    else Object.assign(out[0], { min: 3, boxes: true });
  }
  if (o.doors + (o.boxes > 0 ? 1 : 0) > 0) out.push({ min: 1, x0: 0, x1: 0, exit: true });
  else out[0].exit = true;
  return out;
}

/** The narrowest width these options fit in. */
export function minWidth(o: GridOptions): number {
  const chambers = chambersOf(o);
  return chambers.reduce((n, c) => n + c.min, 0) + chambers.length - 1;
}

/** Checks options against each other (each alone is checked by its bounds); throws naming what does not fit. */
export function checkGridOptions(o: GridOptions): void {
  const need = minWidth(o);
  if (o.width < need) throw new Error(`grid-world: width ${o.width} is too narrow for ${o.doors} doors and ${o.boxes} boxes (needs ${need})`);
  if (o.boxes >= o.height - 1) throw new Error(`grid-world: ${o.boxes} boxes need a height of at least ${o.boxes + 2}, got ${o.height}`);
}

/** What decides a level's split: its chambers, doorways and boxes, before walls, keys, agent and exit are placed. */
export interface Skeleton {
  o: GridOptions;
  chambers: Chamber[];
  doorRows: number[]; // one per wall column, left to right (the last is the gate's when there are boxes)
  boxes: { x: number; y: number; switchX: number }[];
  /** The skeleton as text: a level's split is this text's (src/envs/split.ts). */
  key: string;
}

/** Chamber widths, doorway rows and boxes with their switches: each box on its own row, its switch to its right in
 * that row; the gate's row holds no box. */
export function drawSkeleton(rng: Rng, o: GridOptions): Skeleton {
  const chambers = chambersOf(o);
  const widths = chambers.map((c) => c.min);
  for (let extra = o.width - minWidth(o); extra > 0; extra--) widths[rng.int(widths.length)]++;
  let x = 0;
  chambers.forEach((c, i) => {
    c.x0 = x;
    c.x1 = x + widths[i] - 1;
    x = c.x1 + 2; // a wall column after each chamber but the last
  });
  const rows = Array.from({ length: o.height }, (_, y) => y);
  const boxChamber = chambers.find((c) => c.boxes);
  const boxRows = boxChamber ? rng.shuffle(rows).slice(0, o.boxes) : [];
  const doorRows = chambers.slice(0, -1).map((c) => rng.pick(c.boxes ? rows.filter((y) => !boxRows.includes(y)) : rows));
  const boxes = boxRows.map((y) => {
    const bx = rng.range(boxChamber!.x0 + 1, boxChamber!.x1 - 1);
    return { x: bx, y, switchX: rng.range(bx + 1, boxChamber!.x1) };
  });
  const key = `${o.width}x${o.height} ${widths.join(',')} ${doorRows.join(',')} ${boxes.map((b) => `${b.x},${b.y},${b.switchX}`).join(' ')}`;
  return { o, chambers, doorRows, boxes, key };
}

/**
 * The level of a skeleton, solvable by construction:
 * - each chamber without boxes is open but for wall cells in rows at least two apart, none beside a doorway, so it
 *   stays connected; keys are on the agent's side of the doors they open;
 * - in the box chamber the first column is a free walkway and each box is pushed straight along its row onto its
 *   switch; the gate's row holds no box and rows without boxes are free, so the gate stays reachable.
 */
export function furnish(rng: Rng, sk: Skeleton): { layout: Layout; state: GridState } {
  const { width: w, height: h } = sk.o;
  const { chambers } = sk;
  const cells = new Uint8Array(w * h);
  const at = (cx: number, cy: number) => cy * w + cx;
  const keep = new Set<number>(); // doorway sides: never walls
  sk.doorRows.forEach((y, i) => {
    const cx = chambers[i].x1 + 1;
    // Stryker disable next-line EqualityOperator: a write one row past the last lies outside the Uint8Array, which ignores it
    for (let yy = 0; yy < h; yy++) cells[at(cx, yy)] = WALL;
    cells[at(cx, y)] = chambers[i].boxes ? GATE : DOOR;
    keep.add(at(cx - 1, y)).add(at(cx + 1, y));
  });
  const switches: number[] = [];
  for (const b of sk.boxes) {
    cells[at(b.x, b.y)] |= BOX;
    cells[at(b.switchX, b.y)] = SWITCH;
    switches.push(at(b.switchX, b.y));
  }
  const open = chambers.filter((c) => !c.boxes && c.x1 > c.x0);
  for (let n = 0; n < sk.o.walls && open.length > 0; n++) {
    const c = rng.pick(open);
    const cy = rng.int(h);
    const i = at(rng.range(c.x0, c.x1), cy);
    // Rows -1 and h lie outside the Uint8Array: their reads are undefined, never WALL.
    const crowded = rowHasWall(cells, w, c, cy) || rowHasWall(cells, w, c, cy - 1) || rowHasWall(cells, w, c, cy + 1);
    if (!crowded && !keep.has(i)) cells[i] = WALL;
  }
  /** A random free floor cell of chamber c (no wall, box or switch) other than `avoid`. */
  const freeCell = (c: Chamber, avoid: number): number => {
    for (;;) {
      const i = at(rng.range(c.x0, c.x1), rng.int(h));
      if (cells[i] === FLOOR && i !== avoid) return i;
    }
  };
  const agent = freeCell(chambers[0], -1);
  for (const c of chambers) if (c.key) cells[freeCell(c, agent)] = KEY;
  cells[freeCell(chambers[chambers.length - 1], agent)] = EXIT;
  return { layout: { w, h, switches }, state: { cells, agent, keys: 0, won: false } };
}

/** Whether row y of chamber c already holds a wall cell. */
function rowHasWall(cells: Uint8Array, w: number, c: Chamber, y: number): boolean {
  for (let cx = c.x0; cx <= c.x1; cx++) if (cells[y * w + cx] === WALL) return true;
  return false;
}
