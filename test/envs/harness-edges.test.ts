// src/envs/harness.ts on a hand-made counter page small enough to follow by hand: expertRollout's record and its
// stops, randomAction's branches on scripted draws, fuzz's counts, resets and first error, and bench's rates on fake
// clocks (one millisecond per performance.now() call, CPU time as scripted per batch).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Rng } from '../../src/core/rng';
import type { Env, EnvSpec, ResetArgs, StepResult } from '../../src/envs/api';
import { bench, expertRollout, fuzz, randomAction } from '../../src/envs/harness';
import { DIRECTIONS } from '../../src/envs/games/grid-world';
import { ENV_SPECS } from '../../src/envs/registry';
import { BUTTON_WORDS, CITIES, FIRST_NAMES } from '../../src/envs/words';

/** How a turn ends an episode: won, lost, out of turns, or not at all (undefined). */
type Ending = 'win' | 'lose' | 'out' | undefined;

interface Log {
  resets: ResetArgs[];
  actions: unknown[];
}

/** A page 'at <turn>'; `end(turn, seed)` says how each turn ends (and may throw); the expert clicks the next turn's number. */
class Counter implements Env {
  readonly id = 'counter';
  readonly goal = 'count';
  turn = 0;
  seed = 0;
  constructor(
    readonly maxTurns: number,
    private readonly end: (turn: number, seed: number) => Ending,
    private readonly log: Log = { resets: [], actions: [] },
  ) {}
  reset(args: ResetArgs) {
    this.log.resets.push(args);
    this.turn = 0;
    this.seed = args.seed;
    return { obs: { elements: [], text: 'at 0' }, info: { success: false, progress: 0, turn: 0 } };
  }
  step(action: string): StepResult {
    this.log.actions.push(action);
    this.turn++;
    const e = this.end(this.turn, this.seed);
    const info = { success: e === 'win', progress: e === 'win' ? 1 : 0, turn: this.turn };
    return { obs: { elements: [], text: `at ${this.turn}` }, reward: e === 'win' ? 1 : 0, terminated: e === 'win' || e === 'lose', truncated: e === 'out', info };
  }
  clone(): Env {
    return Object.assign(new Counter(this.maxTurns, this.end, this.log), this);
  }
}

function counterSpec(maxTurns: number, end: (turn: number, seed: number) => Ending, log?: Log, expert?: (env: Env) => string): EnvSpec {
  return {
    id: 'counter', suite: 'web', family: 'test', description: 'count', maxTurns, options: [], actions: [{ verb: 'click', args: ['id'] }],
    create: () => new Counter(maxTurns, end, log),
    expert: expert ?? ((env) => `click(${(env as Counter).turn + 1})`),
  };
}

describe('expertRollout', () => {
  it("records the expert's actions, every page and reward, from a reset on the seed, options and split given", () => {
    const log: Log = { resets: [], actions: [] };
    const spec = counterSpec(5, (turn) => (turn === 2 ? 'win' : undefined), log);
    expect(expertRollout(spec, 4, { n: 1 }, 'test')).toEqual({ success: true, turns: 2, actions: ['click(1)', 'click(2)'], texts: ['at 0', 'at 1', 'at 2'], rewards: [0, 1] });
    expect(log.resets).toEqual([{ seed: 4, options: { n: 1 }, split: 'test' }]);
  });

  it('stops at a loss or a truncation, success as the env says; at maxTurns when the env never ends', () => {
    expect(expertRollout(counterSpec(5, (turn) => (turn === 2 ? 'out' : undefined)), 0)).toMatchObject({ success: false, turns: 2, rewards: [0, 0] });
    expect(expertRollout(counterSpec(5, () => 'lose'), 0)).toMatchObject({ success: false, turns: 1, actions: ['click(1)'] });
    expect(expertRollout(counterSpec(3, () => undefined), 0)).toEqual({ success: false, turns: 3, actions: ['click(1)', 'click(2)', 'click(3)'], texts: ['at 0', 'at 1', 'at 2', 'at 3'], rewards: [0, 0, 0] });
  });
});

/** An Rng whose int() answers from a script (pick and range go through it), recording every bound and list asked. */
class ScriptedDraws extends Rng {
  bounds: number[] = [];
  lists: (readonly unknown[])[] = [];
  constructor(private readonly draws: number[]) {
    super('scripted');
  }
  override int(n: number): number {
    this.bounds.push(n);
    const x = this.draws.shift();
    if (x === undefined || x >= n) throw new Error(`script: no draw below ${n}`);
    return x;
  }
  override pick<T>(items: readonly T[]): T {
    this.lists.push(items);
    return super.pick(items);
  }
}

describe('randomAction', () => {
  it('a draw of 0 cuts the valid action at a point in 0..length; 1 splices a junk token in there', () => {
    const cut = new ScriptedDraws([0, 5]);
    expect(randomAction(cut, 'click(3)')).toBe('click');
    expect(cut.bounds).toEqual([10, 9]);
    expect(randomAction(new ScriptedDraws([0, 8]), 'click(3)')).toBe('click(3)');
    const spliced = new ScriptedDraws([1, 6, 2]); // JUNK[2] is a double quote
    expect(randomAction(spliced, 'click(3)')).toBe('click("3)');
    expect(spliced.bounds).toEqual([10, 9, 16]);
  });

  it('draws 2 to 5 make a call: a verb and 0-3 arguments, each a number in -3..40, a quoted word, a direction or junk', () => {
    // verb 0 (click); 3 arguments: kind 0, number -3 + 10; kind 1, JUNK[7] 'x' then 'bob'; kind 2, the 5th direction
    const call = new ScriptedDraws([2, 0, 3, 0, 10, 1, 7, 1, 2, 4]);
    expect(randomAction(call, 'click(3)')).toBe('click(7, "xbob", sideways)');
    expect(call.bounds).toEqual([10, 13, 4, 4, 44, 4, 16, 4, 4, 5]);
    // a 4th kind is a junk token (JUNK[9] '-1'); no valid action: draw 1 is a call too
    expect(randomAction(new ScriptedDraws([1, 1, 1, 3, 9]))).toBe('fill(-1)');
    expect(randomAction(new ScriptedDraws([5, 4, 0]))).toBe('back()');
  });

  it('draws 6 to 9 string 0-11 junk tokens together', () => {
    const junk = new ScriptedDraws([6, 3, 0, 12, 1]);
    expect(randomAction(junk, 'click(3)')).toBe('(😀)');
    expect(junk.bounds).toEqual([10, 12, 16, 16, 16]);
    expect(randomAction(new ScriptedDraws([9, 0]))).toBe('');
  });

  it("tries every verb of the registered action languages, and names that are none", () => {
    const call = new ScriptedDraws([2, 0, 0]);
    randomAction(call);
    const verbs = new Set(call.lists[0] as string[]);
    for (const spec of ENV_SPECS) for (const a of spec.actions) expect(verbs, a.verb).toContain(a.verb);
    expect(verbs).toContain('clik');
    expect(verbs).toContain('');
    expect(verbs).toContain('eval');
  });

  it("draws its words where an env's are: a first name, a city, a button word and a direction quoted; the directions and one that is none", () => {
    const call = new ScriptedDraws([2, 0, 2, 1, 0, 0, 2, 0]);
    expect(randomAction(call)).toBe('click("(up", up)');
    const [, , quoted, directions] = call.lists as string[][];
    for (const pool of [FIRST_NAMES, CITIES, BUTTON_WORDS, DIRECTIONS]) expect(quoted.some((w) => (pool as readonly string[]).includes(w)), pool.join()).toBe(true);
    expect(directions).toEqual(expect.arrayContaining([...DIRECTIONS]));
    expect(directions.filter((d) => !(DIRECTIONS as readonly string[]).includes(d))).toHaveLength(1);
  });

  it("mangles with the action syntax's characters, numbers a parser misreads, a NUL, a character past the BMP, a letter, a digit, a direction", () => {
    const junk = new ScriptedDraws([6, 1, 0]);
    randomAction(junk);
    const tokens = junk.lists[0] as string[];
    expect(tokens).toEqual(expect.arrayContaining(['(', ')', '"', "'", '\\', ',', ' ', 'NaN', '\u0000']));
    expect(tokens.some((t) => Number(t) < 0)).toBe(true);
    expect(tokens.some((t) => Number(t) === Infinity)).toBe(true); // a float's overflow
    expect(tokens.some((t) => Number.isFinite(Number(t)) && Number(t) > Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(tokens.some((t) => (t.codePointAt(0) ?? 0) > 0xffff)).toBe(true);
    expect(tokens.some((t) => /^[a-z]$/.test(t))).toBe(true);
    expect(tokens.some((t) => /^[0-9]$/.test(t))).toBe(true);
    expect(tokens.some((t) => (DIRECTIONS as readonly string[]).includes(t))).toBe(true);
  });
});

describe('fuzz', () => {
  it('one reset per seed and one call per step when nothing ends or throws', () => {
    const log: Log = { resets: [], actions: [] };
    expect(fuzz(counterSpec(50, () => undefined, log), [5, 8], 4)).toStrictEqual({ calls: 10, threw: 0 });
    expect(log.resets).toEqual([{ seed: 5 }, { seed: 8 }]);
    expect(log.actions).toHaveLength(8);
  });

  it('resets on seed + k before step k once an episode has ended, won or truncated', () => {
    const won: Log = { resets: [], actions: [] };
    expect(fuzz(counterSpec(50, () => 'win', won), [5], 3)).toStrictEqual({ calls: 6, threw: 0 });
    expect(won.resets.map((r) => r.seed)).toEqual([5, 6, 7]);
    const out: Log = { resets: [], actions: [] };
    fuzz(counterSpec(50, () => 'out', out), [5], 3);
    expect(out.resets.map((r) => r.seed)).toEqual([5, 6, 7]);
  });

  it('counts a throwing step, keeps the first error with its stack, and does not reset again after a step that threw', () => {
    // the 1st step ends the episode, the 2nd throws, the 3rd goes on: one reset between, none after the throw
    let steps = 0;
    const log: Log = { resets: [], actions: [] };
    const end = (): Ending => {
      steps++;
      if (steps === 1) return 'win';
      if (steps === 2 || steps === 4) throw new Error(`boom ${steps}`);
      return undefined;
    };
    const report = fuzz(counterSpec(50, end, log), [5], 4);
    expect(log.resets.map((r) => r.seed)).toEqual([5, 6]);
    expect([report.calls, report.threw]).toEqual([6, 2]);
    expect(report.firstError).toMatch(/^Error: boom 2\n\s+at /);
  });

  it('writes down a thrown value that is not an Error as it is', () => {
    const report = fuzz(counterSpec(50, () => { throw 'bad'; }), [1], 2);
    expect(report).toStrictEqual({ calls: 3, threw: 2, firstError: 'bad' });
  });

  it("mixes the expert's actions with random ones; with an expert that throws, only random strings", () => {
    const log: Log = { resets: [], actions: [] };
    fuzz(counterSpec(1000, () => undefined, log, () => 'click(1)'), [3], 60);
    const expert = log.actions.filter((a) => a === 'click(1)').length;
    // 30% of 60 are the expert's, about 18; a random cut of it rarely gives it whole
    expect(expert).toBeGreaterThan(8);
    expect(expert).toBeLessThan(30);
    const none: Log = { resets: [], actions: [] };
    const broken = () => {
      throw new Error('no expert here');
    };
    expect(fuzz(counterSpec(1000, () => undefined, none, broken), [3], 30)).toStrictEqual({ calls: 31, threw: 0 });
    expect(none.actions.every((a) => typeof a === 'string')).toBe(true);
  });
});

describe('bench', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Seed s's expert wins at turn 1 + s % 3: over seeds 0-63, 22 one-step, 21 two-step and 21 three-step episodes. */
  const spec = () => counterSpec(5, (turn, seed) => (turn === 1 + (seed % 3) ? 'win' : undefined));
  const STEPS = 22 * 1 + 21 * 2 + 21 * 3; // 127 per batch of the 64 episodes

  /** performance.now() moves 1 ms a call; the CPU clock (user 3/4, system 1/4, in microseconds) `ms[b]` over batch b. */
  function fakeClocks(ms: number[]) {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now++);
    let calls = 0;
    let cpu = 0;
    vi.spyOn(process, 'cpuUsage').mockImplementation(() => {
      if (calls++ % 2 === 1) cpu += ms[(calls - 2) / 2] ?? 0;
      return { user: cpu * 750, system: cpu * 250 };
    });
  }

  it('the median of 3 windows of 3 batches (4 ms each), after a 1-batch warm-up left out; mean steps per episode', () => {
    // trainer: warm-up 1000 ms, then windows of 1+1+1, 2+2+2, 1+1+2 ms; raw: warm-up, then 1+1+0, 3+3+2, 1+1+1
    fakeClocks([1000, 1, 1, 1, 2, 2, 2, 1, 1, 2, 1000, 1, 1, 0, 3, 3, 2, 1, 1, 1]);
    const r = bench(spec(), 0.004, 3);
    // 3 x 127 steps over 3, 6, 4 ms: 127000, 63500, 95250 per s; raw over 2, 8, 3 ms: 190500, 47625, 127000
    expect(r).toEqual({ trainerStepsPerSecond: 95250, rawStepsPerSecond: 127000, stepsPerEpisode: STEPS / 64 });
  });

  it('2 windows: the mean of the two', () => {
    fakeClocks([1000, 1, 1, 1, 2, 2, 2, 1000, 1, 1, 1, 1, 1, 1]);
    // 127000 and 63500; raw 127000 and 127000
    expect(bench(spec(), 0.004, 2)).toMatchObject({ trainerStepsPerSecond: 95250, rawStepsPerSecond: 127000 });
  });

  it('times on performance.now() where there is no CPU clock: one batch a window of 4 ms, 1 ms each', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now++);
    const cpuUsage = process.cpuUsage;
    Object.defineProperty(process, 'cpuUsage', { value: undefined, configurable: true, writable: true });
    try {
      expect(bench(spec(), 0.004, 1)).toMatchObject({ trainerStepsPerSecond: 127000, rawStepsPerSecond: 127000 });
    } finally {
      process.cpuUsage = cpuUsage;
    }
  });
});
