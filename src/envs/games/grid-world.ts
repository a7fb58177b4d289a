// grid-world: keys open doors, boxes pushed onto switches open gates, reach the exit; atomic moves only, the ground
// for bottom-up skill discovery. Levels are generated solvable by construction (grid-levels.ts), so a reset costs no
// search; a level belongs to the split of its skeleton (chambers, doorways, boxes), so test skeletons never come up in
// train. Cells are copied on write, so an observation is a cheap snapshot.

import type { ActionSignature, Env, EnvSpec, Observation, ResetArgs, ResetResult, StepInfo, StepResult, UiElement } from '../api';
import { parseAction } from '../action';
import { levelTable } from '../levels';
import { intOption, resolveOptions } from '../options';
import { poolsOf } from '../split';
import { Rng } from '../../core/rng';
import { expertMove } from './grid-expert';
import { checkGridOptions, drawSkeleton, furnish, type GridOptions, type Skeleton } from './grid-levels';

export const FLOOR = 0;
export const WALL = 1;
export const DOOR = 2;
export const KEY = 3;
export const EXIT = 4;
export const SWITCH = 5;
export const GATE = 6;
export const BOX = 8; // flag bit over the terrain below the box

export const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const GRID_ACTIONS: readonly ActionSignature[] = [{ verb: 'move', args: ['dir'] }];

/** The parts of a level that never change. */
export interface Layout {
  w: number;
  h: number;
  switches: number[];
}

/** The parts that do: cells are replaced, never written in place, once shared. */
export interface GridState {
  cells: Uint8Array;
  agent: number;
  keys: number;
  won: boolean;
}

export function gateOpen(layout: Layout, cells: Uint8Array): boolean {
  for (const i of layout.switches) if (!(cells[i] & BOX)) return false;
  return true;
}

/** Moves the agent one cell (pushing a box, opening a door with a key); returns what blocked it, if anything. */
export function moveAgent(layout: Layout, s: GridState, dir: number): string | undefined {
  const { w, h } = layout;
  const x = s.agent % w;
  const y = (s.agent - x) / w;
  const dx = dir === 2 ? -1 : dir === 3 ? 1 : 0;
  const dy = dir === 0 ? -1 : dir === 1 ? 1 : 0;
  const tx = x + dx;
  const ty = y + dy;
  if (tx < 0 || ty < 0 || tx >= w || ty >= h) return 'a wall is in the way';
  const t = ty * w + tx;
  const c = s.cells[t];
  if (c & BOX) {
    const bx = tx + dx;
    const by = ty + dy;
    const b = by * w + bx;
    // Rows -1 and h lie outside the Uint8Array: their reads are undefined, no floor or switch; columns would wrap.
    if (bx < 0 || bx >= w || (s.cells[b] !== FLOOR && s.cells[b] !== SWITCH)) return 'the box cannot move there';
    const cells = s.cells.slice();
    cells[b] |= BOX;
    cells[t] &= ~BOX;
    s.cells = cells;
    s.agent = t;
    return undefined;
  }
  switch (c) {
    case WALL:
      return 'a wall is in the way';
    case DOOR: {
      if (s.keys === 0) return 'the door is locked and you have no key';
      const cells = s.cells.slice();
      cells[t] = FLOOR;
      s.cells = cells;
      s.keys--;
      break;
    }
    case KEY: {
      const cells = s.cells.slice();
      cells[t] = FLOOR;
      s.cells = cells;
      s.keys++;
      break;
    }
    case GATE:
      if (!gateOpen(layout, s.cells)) return 'the gate is closed until every switch holds a box';
      break;
    case EXIT:
      s.won = true;
      break;
  }
  s.agent = t;
  return undefined;
}

const SYMBOLS = ['.', '#', 'D', 'K', 'E', 'S', 'G'];

/** The rows of a grid's cells without the agent, drawn once per cells array (cells are replaced, never changed). */
const drawnRows = new WeakMap<Uint8Array, string[]>();

function cellRows(layout: Layout, cells: Uint8Array): string[] {
  let rows = drawnRows.get(cells);
  // Stryker disable next-line ConditionalExpression: drawing the rows again draws the same rows, which gridRows copies
  if (!rows) {
    const open = gateOpen(layout, cells);
    rows = [];
    for (let y = 0; y < layout.h; y++) {
      let row = '';
      for (let x = 0; x < layout.w; x++) {
        const c = cells[y * layout.w + x];
        row += (x > 0 ? ' ' : '') + (c & BOX ? 'B' : c === GATE && open ? 'O' : SYMBOLS[c]);
      }
      rows.push(row);
    }
    drawnRows.set(cells, rows);
  }
  return rows;
}

/** Rows of symbols: # wall, . floor, A agent, K key, D door, B box, S switch, G gate (O when open), E exit. */
export function gridRows(layout: Layout, s: GridState): string[] {
  const rows = cellRows(layout, s.cells).slice();
  const x = s.agent % layout.w;
  const y = (s.agent - x) / layout.w;
  rows[y] = `${rows[y].slice(0, 2 * x)}A${rows[y].slice(2 * x + 1)}`;
  return rows;
}

class GridObservation implements Observation {
  #elements: UiElement[] | undefined;
  #text: string | undefined;
  constructor(
    private readonly layout: Layout,
    private readonly snap: GridState,
  ) {}
  get elements(): UiElement[] {
    if (!this.#elements) {
      const rows = gridRows(this.layout, this.snap);
      const els: UiElement[] = rows.map((name, i) => ({ id: i + 1, role: 'row', name }));
      els.push({ id: rows.length + 1, role: 'status', name: `keys ${this.snap.keys}` });
      this.#elements = els;
    }
    return this.#elements;
  }
  /** The elements' text, built straight from the rows (what renderElements would print). */
  get text(): string {
    // Stryker disable next-line ConditionalExpression: building the text again builds the same string
    if (this.#text === undefined) {
      const rows = gridRows(this.layout, this.snap);
      let out = '';
      for (let i = 0; i < rows.length; i++) out += `[${i + 1}] row '${rows[i]}'\n`;
      this.#text = `${out}[${rows.length + 1}] status 'keys ${this.snap.keys}'`;
    }
    return this.#text;
  }
}

/** The instruction for a level's contents. */
function goalOf(o: GridOptions): string {
  const parts: string[] = [];
  if (o.doors === 1) parts.push('take the key, open the door');
  if (o.doors > 1) parts.push(`take the keys, open the ${o.doors} doors`);
  if (o.boxes === 1) parts.push('push the box onto the switch S');
  if (o.boxes > 1) parts.push(`push the ${o.boxes} boxes onto the switches S`);
  const text = `${parts.join(', ')}${parts.length ? ' and ' : ''}reach the exit E.`;
  return text[0].toUpperCase() + text.slice(1);
}

/** The turn limit: the largest level's constructed route fits well inside it (test/envs/grid-world.test.ts). */
const GRID_TURNS = 80;

export class GridWorld implements Env {
  readonly id = 'grid-world';
  readonly maxTurns = GRID_TURNS;
  goal = '';
  layout: Layout = { w: 1, h: 1, switches: [] };
  state: GridState = { cells: new Uint8Array(1), agent: 0, keys: 0, won: false };
  turn = 0;
  private start = 0;
  private counted: Uint8Array | null = null; // the cells the cached milestone count was taken on
  private count = 0;

  reset({ seed, options, split }: ResetArgs): ResetResult {
    const o = resolveOptions(this.id, GRID_OPTIONS, options) as unknown as GridOptions;
    checkGridOptions(o);
    const rng = Rng.fromSeed(seed).split(this.id);
    let skeleton: Skeleton | undefined;
    poolsOf(split).draw(() => (skeleton = drawSkeleton(rng, o)).key);
    const level = furnish(rng, skeleton!);
    this.layout = level.layout;
    this.state = level.state;
    this.goal = goalOf(o);
    this.turn = 0;
    this.start = this.milestones();
    return { obs: new GridObservation(this.layout, { ...this.state }), info: this.info(undefined) };
  }

  /** Keys taken, doors opened and switches held so far (recounted only when the cells were replaced). */
  private milestones(): number {
    const cells = this.state.cells;
    // Stryker disable next-line ConditionalExpression: counting again counts the same cells
    if (cells !== this.counted) {
      let n = 0;
      for (const c of cells) if (c === KEY || c === DOOR) n--;
      for (const i of this.layout.switches) if (cells[i] & BOX) n++;
      this.counted = cells;
      this.count = n;
    }
    return this.count + this.state.keys;
  }

  private info(error: string | undefined): StepInfo {
    const total = 2 + this.layout.switches.length - this.start;
    const progress = this.state.won ? 1 : Math.max(0, (0.9 * (this.milestones() - this.start)) / Math.max(1, total));
    const info: StepInfo = { success: this.state.won, progress: Math.min(1, progress), turn: this.turn };
    if (error !== undefined) info.lastActionError = error;
    return info;
  }

  step(action: string): StepResult {
    let error: string | undefined;
    if (this.state.won || this.turn >= this.maxTurns) error = 'the episode is over; call reset()';
    else {
      this.turn++;
      let d = -1;
      // The four short forms skip the parser, which reads them the same way.
      switch (action) {
        // Stryker disable next-line StringLiteral: the parser below reads move(up) as direction 0 too
        case 'move(up)': d = 0; break;
        // Stryker disable next-line StringLiteral: the parser below reads move(down) as direction 1 too
        case 'move(down)': d = 1; break;
        // Stryker disable next-line StringLiteral: the parser below reads move(left) as direction 2 too
        case 'move(left)': d = 2; break;
        // Stryker disable next-line StringLiteral,ConditionalExpression: the parser below reads move(right) as direction 3 too, and an emptied last case falls through to it
        case 'move(right)': d = 3; break;
        default: {
          const c = parseAction(action, GRID_ACTIONS);
          if (!c.ok) error = c.error;
          else {
            d = DIRECTIONS.indexOf(c.args[0] as Direction);
            if (d < 0) error = `move(${c.args[0]}): direction must be up, down, left or right`;
          }
        }
      }
      // Stryker disable next-line ConditionalExpression: direction -1 moves the agent onto its own cell (floor, a switch or an open gate): nothing changes
      if (d >= 0) {
        const why = moveAgent(this.layout, this.state, d);
        if (why !== undefined) error = `move(${DIRECTIONS[d]}): ${why}`;
      }
    }
    const won = this.state.won;
    return {
      obs: new GridObservation(this.layout, { ...this.state }),
      reward: won ? 1 : 0,
      terminated: won,
      truncated: !won && this.turn >= this.maxTurns,
      info: this.info(error),
    };
  }

  clone(): GridWorld {
    const c = new GridWorld();
    c.layout = this.layout;
    c.state = { ...this.state };
    c.goal = this.goal;
    c.turn = this.turn;
    c.start = this.start;
    return c;
  }
}

const GRID_OPTIONS = [
  intOption('width', 'grid width, walls included', 9, 7, 13),
  intOption('height', 'grid height', 5, 5, 7),
  intOption('doors', 'locked doors, each with its key on your side', 1, 0, 2),
  intOption('boxes', 'boxes to push onto switches; together they open the gate', 1, 0, 2),
  intOption('walls', 'single wall cells scattered where there are no boxes', 2, 0, 6),
];

export const gridWorldSpec: EnvSpec = {
  id: 'grid-world',
  suite: 'game',
  family: 'grid-world',
  description: 'Move through a grid: keys open doors, boxes pushed onto switches open gates; reach the exit.',
  maxTurns: GRID_TURNS,
  options: GRID_OPTIONS,
  /** A key and a door; then a box and a gate; then scattered walls (the default); then two doors; then two boxes. */
  levels: levelTable(GRID_OPTIONS, [
    { width: 7, doors: 1, boxes: 0, walls: 1 },
    { width: 9, boxes: 1, walls: 0 },
    { walls: 2 },
    { width: 11, height: 6, doors: 2, walls: 3 },
    { width: 13, height: 7, boxes: 2, walls: 4 },
  ]),
  miniwob: null,
  actions: GRID_ACTIONS,
  create: () => new GridWorld(),
  expert(env: Env): string {
    if (!(env instanceof GridWorld)) throw new Error('grid-world expert: not a grid-world environment');
    return expertMove(env.layout, env.state);
  },
};
