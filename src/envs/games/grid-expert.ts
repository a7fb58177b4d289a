// grid-world's expert and solver. The expert plans by sub-goals, as the levels are built: walk to the exit if it can;
// else through a door it holds a key for; else to a key; else push a box onto a switch (a search over box and agent
// cells, the other boxes standing still, trying every order of boxes). Each leg is a breadth-first search over
// cells, so a plan costs microseconds to milliseconds even on the largest level. `solve` is the exact shortest plan
// (a search over whole states), for tests on small levels.

import { BOX, DIRECTIONS, DOOR, EXIT, FLOOR, GATE, KEY, SWITCH, gateOpen, moveAgent, type GridState, type Layout } from './grid-world';

const DX = [0, 0, -1, 1];
const DY = [-1, 1, 0, 0];

/** The cell one step from i in direction d; -1 off either side (a row's end would wrap onto the next row). Off the
 * top or bottom it is below 0 or past the last cell, which callers skip as they skip -1 or read as undefined, a cell
 * no one walks or pushes into. */
function stepFrom(layout: Layout, i: number, d: number): number {
  const x = (i % layout.w) + DX[d];
  return x < 0 || x >= layout.w ? -1 : (Math.floor(i / layout.w) + DY[d]) * layout.w + x;
}

/** Whether the agent may walk onto cell i without changing anything but picking up a key or winning. */
function walkable(s: GridState, i: number, open: boolean): boolean {
  const c = s.cells[i];
  return c === FLOOR || c === SWITCH || c === KEY || c === EXIT || (c === GATE && open);
}

/** The shortest walk from the agent to a cell passing `isGoal` (entered last, whatever it is), or null. */
function walkTo(layout: Layout, s: GridState, isGoal: (i: number) => boolean): number[] | null {
  const open = gateOpen(layout, s.cells);
  const parent = new Int32Array(layout.w * layout.h).fill(-1);
  parent[s.agent] = s.agent;
  let frontier = [s.agent];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const i of frontier) {
      // Stryker disable next-line EqualityOperator: direction 4 has no DX: its cell is NaN, which is no goal and not walkable
      for (let d = 0; d < 4; d++) {
        const j = stepFrom(layout, i, d);
        // Stryker disable next-line ConditionalExpression: cell -1 reads undefined, which is no goal and not walkable
        if (j < 0) continue;
        // Stryker disable next-line EqualityOperator: an entry is 0 only for a start on cell 0, whose neighbours are all seen by then
        if (parent[j] >= 0) continue;
        const goal = isGoal(j);
        if (!goal && !walkable(s, j, open)) continue;
        parent[j] = i * 4 + d;
        if (goal) return pathTo(parent, s.agent, j);
        next.push(j);
      }
    }
    frontier = next;
  }
  return null;
}

/** The directions from `from` to `to` through a parent table of cell * 4 + direction entries. */
function pathTo(parent: Int32Array, from: number, to: number): number[] {
  const dirs: number[] = [];
  for (let at = to; at !== from; at = Math.floor(parent[at] / 4)) dirs.push(parent[at] % 4);
  return dirs.reverse();
}

/** The shortest moves that push the box on cell `box` onto cell `target`, other boxes still; null if none. States are
 * box cell * n + agent cell; the agent walks as walkTo allows and pushes into floor or switch cells. */
function pushTo(layout: Layout, s: GridState, box: number, target: number): number[] | null {
  const n = layout.w * layout.h;
  const open = gateOpen(layout, s.cells);
  const blocked = (i: number) => !walkable(s, i, open); // other boxes included: a box cell is not walkable
  const parent = new Map<number, number>([[box * n + s.agent, -1]]);
  let frontier = [box * n + s.agent];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const state of frontier) {
      const b = Math.floor(state / n);
      const a = state % n;
      // Stryker disable next-line EqualityOperator: direction 4 has no DX: its cell is NaN, which is blocked
      for (let d = 0; d < 4; d++) {
        const j = stepFrom(layout, a, d);
        // Stryker disable next-line ConditionalExpression: blocked(-1) reads undefined and skips the cell too
        if (j < 0) continue;
        let nb = b;
        if (j === b) {
          nb = stepFrom(layout, b, d);
          const under = nb === box ? s.cells[nb] & ~BOX : s.cells[nb]; // the box's first cell is free once it left
          if (under !== FLOOR && under !== SWITCH) continue; // off the grid the cell reads undefined
        } else if (j !== box && blocked(j)) continue;
        const key = nb * n + j;
        if (parent.has(key)) continue;
        parent.set(key, state * 4 + d);
        if (nb === target) {
          const dirs: number[] = [];
          for (let at = key; parent.get(at) !== -1; at = Math.floor((parent.get(at) as number) / 4)) dirs.push((parent.get(at) as number) % 4);
          return dirs.reverse();
        }
        next.push(key);
      }
    }
    frontier = next;
  }
  return null;
}

/** Applies moves to a copy of s; null if one of them is refused. */
function applied(layout: Layout, s: GridState, dirs: readonly number[]): GridState | null {
  const t = { ...s };
  for (const d of dirs) if (moveAgent(layout, t, d) !== undefined) return null;
  return t;
}

/** The cheapest way to put every box still off a switch onto a free switch, trying each box and switch in turn. */
function pushAll(layout: Layout, s: GridState): number[] | null {
  const boxes: number[] = [];
  s.cells.forEach((c, i) => c & BOX && !layout.switches.includes(i) && boxes.push(i));
  if (boxes.length === 0) return [];
  const free = layout.switches.filter((i) => !(s.cells[i] & BOX));
  let best: number[] | null = null;
  for (const b of boxes) {
    for (const t of free) {
      const push = pushTo(layout, s, b, t);
      const after = push && applied(layout, s, push);
      const rest = after && pushAll(layout, after);
      if (push && rest && (!best || push.length + rest.length < best.length)) best = [...push, ...rest];
    }
  }
  return best;
}

/** The expert's plan from s to the exit by sub-goals, or null when it finds none (a box pushed where it is stuck). */
export function planRoute(layout: Layout, s0: GridState): number[] | null {
  const route: number[] = [];
  let s: GridState = { ...s0 };
  for (let leg = 0; leg < 16 && !s.won; leg++) {
    const cells = s.cells;
    const dirs =
      walkTo(layout, s, (i) => cells[i] === EXIT) ??
      (s.keys > 0 ? walkTo(layout, s, (i) => cells[i] === DOOR) : null) ??
      walkTo(layout, s, (i) => cells[i] === KEY) ??
      (gateOpen(layout, cells) ? null : pushAll(layout, s));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty plan changes nothing: the legs run out, still null
    const next = dirs && dirs.length > 0 ? applied(layout, s, dirs) : null;
    if (!next) return null;
    route.push(...dirs!);
    s = next;
  }
  return s.won ? route : null;
}

function stateKey(s: GridState): string {
  // Stryker disable next-line StringLiteral: any separator keeps the key one per state
  return `${s.agent},${s.keys},${s.cells.join('')}`;
}

/** The current plan per layout: the state expected before each move, and the moves. */
const plans = new WeakMap<Layout, { at: string[]; dirs: number[] }>();

/** The expert's next move; when no plan reaches the exit any allowed move will do. */
export function expertMove(layout: Layout, s: GridState): string {
  const here = stateKey(s);
  let plan = plans.get(layout);
  // Stryker disable next-line UnaryOperator: with no plan the test below plans whatever k is
  let k = plan ? plan.at.indexOf(here) : -1;
  if (!plan || k < 0) {
    const dirs = planRoute(layout, s);
    if (!dirs) return `move(${DIRECTIONS.find((_, d) => moveAgent(layout, { ...s }, d) === undefined) ?? 'up'})`;
    const at: string[] = [];
    const t = { ...s };
    for (const d of dirs) {
      at.push(stateKey(t));
      moveAgent(layout, t, d);
    }
    plan = { at, dirs };
    plans.set(layout, plan);
    k = 0;
  }
  return `move(${DIRECTIONS[plan.dirs[k]]})`;
}

/** A BFS over full states: the shortest list of moves to the exit, or null. States are keyed by a number: agent, box
 * cells in order, keys held, and which of the starting key and door cells are cleared. For tests on small levels. */
export function solve(layout: Layout, start: GridState, maxStates = 2_000_000): number[] | null {
  const n = layout.w * layout.h;
  const clearable: number[] = [];
  start.cells.forEach((c, i) => (c === KEY || c === DOOR) && clearable.push(i));
  const key = (s: GridState): number => {
    let k = s.agent;
    // Stryker disable next-line EqualityOperator,ArithmeticOperator: cell n reads undefined, no box; k * n - i is one number per state too
    for (let i = 0; i < n; i++) if (s.cells[i] & BOX) k = k * n + i;
    // Stryker disable next-line ArithmeticOperator: k * 4 - keys is one number per state too (keys 0-3)
    k = k * 4 + s.keys;
    // Stryker disable next-line ArithmeticOperator,EqualityOperator: k * 2 - bit, or the bit flipped, is one number per state too
    for (const i of clearable) k = k * 2 + (s.cells[i] === FLOOR ? 1 : 0);
    return k;
  };
  const parent = new Map<number, number>(); // state -> previous state * 4 + direction
  const first = key(start);
  // Stryker disable next-line UnaryOperator: the start's entry is never read: the path stops there
  parent.set(first, -1);
  let frontier: GridState[] = [{ ...start }];
  let frontierKeys = [first];
  while (frontier.length > 0 && parent.size < maxStates) {
    const next: GridState[] = [];
    const nextKeys: number[] = [];
    for (let f = 0; f < frontier.length; f++) {
      // Stryker disable next-line EqualityOperator: direction 4 moves neither way: the agent stays, a state already seen
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
