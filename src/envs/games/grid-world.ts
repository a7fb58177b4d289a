// grid-world: keys open doors, boxes pushed onto switches open gates, reach the exit; atomic moves only,
// the ground for bottom-up skill discovery. Cells are copied on write, so an observation is a cheap snapshot.

import type { ActionSignature, Env, EnvSpec, Observation, ResetArgs, ResetResult, StepInfo, StepResult, UiElement } from '../api';
import { parseAction } from '../action';
import { renderElements } from '../observation';
import { resolveOptions } from '../options';
import { Rng } from '../../core/rng';

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
    if (bx < 0 || by < 0 || bx >= w || by >= h || (s.cells[b] !== FLOOR && s.cells[b] !== SWITCH)) return 'the box cannot move there';
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

/** Rows of symbols: # wall, . floor, A agent, K key, D door, B box, S switch, G gate (O when open), E exit. */
export function gridRows(layout: Layout, s: GridState): string[] {
  const open = gateOpen(layout, s.cells);
  const rows: string[] = [];
  for (let y = 0; y < layout.h; y++) {
    const row: string[] = [];
    for (let x = 0; x < layout.w; x++) {
      const i = y * layout.w + x;
      const c = s.cells[i];
      row.push(i === s.agent ? 'A' : c & BOX ? 'B' : c === GATE && open ? 'O' : SYMBOLS[c]);
    }
    rows.push(row.join(' '));
  }
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
  get text(): string {
    if (this.#text === undefined) this.#text = renderElements(this.elements);
    return this.#text;
  }
}

/** A BFS over full states: the shortest list of moves to the exit, or null. States are keyed by a number:
 * agent, box cells in order, keys held, and which of the starting key and door cells are cleared. */
export function solve(layout: Layout, start: GridState, maxStates = 2_000_000): number[] | null {
  const n = layout.w * layout.h;
  const clearable: number[] = [];
  start.cells.forEach((c, i) => (c === KEY || c === DOOR) && clearable.push(i));
  const key = (s: GridState): number => {
    let k = s.agent;
    for (let i = 0; i < n; i++) if (s.cells[i] & BOX) k = k * n + i;
    k = k * 4 + s.keys;
    for (const i of clearable) k = k * 2 + (s.cells[i] === FLOOR ? 1 : 0);
    return k;
  };
  const parent = new Map<number, number>(); // state -> previous state * 4 + direction
  const first = key(start);
  parent.set(first, -1);
  let frontier: GridState[] = [{ ...start }];
  let frontierKeys = [first];
  while (frontier.length > 0 && parent.size < maxStates) {
    const next: GridState[] = [];
    const nextKeys: number[] = [];
    for (let f = 0; f < frontier.length; f++) {
      for (let d = 0; d < 4; d++) {
        const s = { ...frontier[f] };
        if (moveAgent(layout, s, d) !== undefined) continue;
        const k = key(s);
        if (parent.has(k)) continue;
        parent.set(k, frontierKeys[f] * 4 + d);
        if (s.won) {
          const path: number[] = [];
          for (let at = k; at !== first; ) {
            const p = parent.get(at) as number;
            path.push(p % 4);
            at = Math.floor(p / 4);
          }
          return path.reverse();
        }
        next.push(s);
        nextKeys.push(k);
      }
    }
    frontier = next;
    frontierKeys = nextKeys;
  }
  return null;
}

/** A level: a door wall (key on the agent's side), at level 2+ a gate wall with boxes and switches between. */
function generate(rng: Rng, level: number): { layout: Layout; state: GridState } {
  const w = level === 1 ? 7 : 9;
  const h = 5;
  for (let attempt = 0; ; attempt++) {
    const cells = new Uint8Array(w * h);
    const at = (x: number, y: number) => y * w + x;
    const c1 = rng.range(2, 3);
    for (let y = 0; y < h; y++) cells[at(c1, y)] = WALL;
    cells[at(c1, rng.int(h))] = DOOR;
    let last = c1;
    const switches: number[] = [];
    const free = (x0: number, x1: number) => {
      const out: number[] = [];
      for (let y = 0; y < h; y++) for (let x = x0; x <= x1; x++) if (cells[at(x, y)] === FLOOR) out.push(at(x, y));
      return rng.shuffle(out);
    };
    if (level >= 2) {
      const c2 = w - 2;
      for (let y = 0; y < h; y++) cells[at(c2, y)] = WALL;
      cells[at(c2, rng.int(h))] = GATE;
      last = c2;
      // Boxes and switches go in the middle chamber, boxes off its edges so they can be pushed.
      const boxes = level === 3 ? 2 : 1;
      const inner = free(c1 + 2, c2 - 2).filter((i) => Math.floor(i / w) > 0 && Math.floor(i / w) < h - 1);
      for (let b = 0; b < boxes; b++) cells[inner[b]] |= BOX;
      const spots = free(c1 + 1, c2 - 1).filter((i) => !(cells[i] & BOX));
      for (let b = 0; b < boxes; b++) {
        cells[spots[b]] = SWITCH;
        switches.push(spots[b]);
      }
    }
    const left = free(0, c1 - 1);
    const agent = left[0];
    cells[left[1]] = KEY;
    cells[free(last + 1, w - 1)[0]] = EXIT;
    const fallback = attempt >= 20;
    if (fallback) {
      // After 20 unsolvable draws (never seen in practice): no boxes, no switches, an open gate; always solvable.
      for (const i of switches) cells[i] = FLOOR;
      for (let i = 0; i < cells.length; i++) cells[i] &= ~BOX;
      switches.length = 0;
    } else for (const i of free(0, w - 1).filter((i) => i !== agent).slice(0, rng.range(0, 2))) cells[i] = WALL;
    const layout = { w, h, switches };
    const state = { cells, agent, keys: 0, won: false };
    if (fallback || solve(layout, state) !== null) return { layout, state };
  }
}

const GOALS = ['', 'Take the key, open the door and reach the exit E.', 'Open the door, push the box onto the switch S and reach the exit E.', 'Open the door, push both boxes onto the switches S and reach the exit E.'];

export class GridWorld implements Env {
  readonly id = 'grid-world';
  readonly maxTurns = 60;
  goal = '';
  layout: Layout = { w: 1, h: 1, switches: [] };
  state: GridState = { cells: new Uint8Array(1), agent: 0, keys: 0, won: false };
  turn = 0;
  private start = 0;
  private counted: Uint8Array | null = null; // the cells the cached milestone count was taken on
  private count = 0;

  reset({ seed, options }: ResetArgs): ResetResult {
    const o = resolveOptions(this.id, GRID_OPTIONS, options);
    const level = o.level as number;
    const g = generate(Rng.fromSeed(seed).split(this.id), level);
    this.layout = g.layout;
    this.state = g.state;
    this.goal = GOALS[level];
    this.turn = 0;
    this.start = this.milestones();
    return { obs: new GridObservation(this.layout, { ...this.state }), info: this.info(undefined) };
  }

  /** Keys taken, doors opened and switches held so far (recounted only when the cells were replaced). */
  private milestones(): number {
    const cells = this.state.cells;
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
      switch (action) {
        case 'move(up)': d = 0; break;
        case 'move(down)': d = 1; break;
        case 'move(left)': d = 2; break;
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
  { name: 'level', doc: '1: key and door; 2: and a box on a switch opens a gate; 3: two boxes', kind: 'int' as const, default: 2, min: 1, max: 3 },
];

const plans = new WeakMap<GridWorld, { at: string[]; dirs: number[] }>();

function stateKey(s: GridState): string {
  return `${s.agent},${s.keys},${s.cells.join('')}`;
}

export const gridWorldSpec: EnvSpec = {
  id: 'grid-world',
  suite: 'game',
  family: 'grid-world',
  description: 'Move through a grid: keys open doors, boxes pushed onto switches open gates; reach the exit.',
  maxTurns: 60,
  options: GRID_OPTIONS,
  actions: GRID_ACTIONS,
  create: () => new GridWorld(),
  expert(env: Env): string {
    if (!(env instanceof GridWorld)) throw new Error('grid-world expert: not a grid-world environment');
    const here = stateKey(env.state);
    let plan = plans.get(env);
    let k = plan ? plan.at.indexOf(here) : -1;
    if (!plan || k < 0) {
      const dirs = solve(env.layout, env.state);
      // A box pushed into a corner can make the exit unreachable: then any legal move will do.
      if (!dirs) return `move(${DIRECTIONS.find((_, d) => moveAgent(env.layout, { ...env.state }, d) === undefined) ?? 'up'})`;
      const at: string[] = [];
      const s = { ...env.state };
      for (const d of dirs) {
        at.push(stateKey(s));
        moveAgent(env.layout, s, d);
      }
      plan = { at, dirs };
      plans.set(env, plan);
      k = 0;
    }
    return `move(${DIRECTIONS[plan.dirs[k]]})`;
  },
};
