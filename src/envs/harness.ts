// Drivers over any registered environment: expert rollouts, fuzzing with random and malformed actions, and a
// steps-per-second benchmark. Shared by the CLI (cli/envs.ts) and the conformance tests.

import type { Env, EnvOptions, EnvSpec } from './api';
import { Rng } from '../core/rng';
import type { Split } from './split';

export interface Rollout {
  success: boolean;
  turns: number;
  actions: string[];
  texts: string[];
  rewards: number[];
}

/** Runs the scripted expert from reset(seed) until the episode ends. */
export function expertRollout(spec: EnvSpec, seed: number, options?: EnvOptions, split?: Split): Rollout {
  const env = spec.create();
  const first = env.reset({ seed, options, split });
  const out: Rollout = { success: false, turns: 0, actions: [], texts: [first.obs.text], rewards: [] };
  for (let t = 0; t < env.maxTurns; t++) {
    const action = spec.expert(env);
    const r = env.step(action);
    out.actions.push(action);
    out.texts.push(r.obs.text);
    out.rewards.push(r.reward);
    out.turns = r.info.turn;
    if (r.terminated || r.truncated) {
      out.success = r.info.success;
      break;
    }
  }
  return out;
}

const VERBS = ['click', 'fill', 'select', 'check', 'back', 'answer', 'play', 'end', 'pick', 'move', 'clik', '', 'eval'];
const JUNK = ['(', ')', '"', "'", '\\', ',', ' ', 'x', '9', '-1', 'up', '\u0000', '😀', 'NaN', '1e309', '99999999999999999999'];

/** A random action: often well-formed with random arguments, often mangled, sometimes a valid one cut short. */
export function randomAction(rng: Rng, valid?: string): string {
  const r = rng.int(10);
  if (valid !== undefined && r < 2) {
    const cut = rng.int(valid.length + 1);
    return r === 0 ? valid.slice(0, cut) : valid.slice(0, cut) + rng.pick(JUNK) + valid.slice(cut);
  }
  if (r < 6) {
    const verb = rng.pick(VERBS);
    const args: string[] = [];
    for (let k = rng.int(4); k > 0; k--) {
      const a = rng.int(4);
      args.push(a === 0 ? String(rng.range(-3, 40)) : a === 1 ? `"${rng.pick(JUNK)}${rng.pick(['up', 'bob', 'Paris', 'Submit'])}"` : a === 2 ? rng.pick(['up', 'down', 'left', 'right', 'sideways']) : rng.pick(JUNK));
    }
    return `${verb}(${args.join(', ')})`;
  }
  let s = '';
  for (let k = rng.int(12); k > 0; k--) s += rng.pick(JUNK);
  return s;
}

export interface FuzzReport {
  calls: number;
  threw: number;
  firstError?: string;
}

/** Sends `steps` random actions per seed (mixed with the expert's, so episodes go deep) and counts calls that threw. */
export function fuzz(spec: EnvSpec, seeds: readonly number[], steps: number): FuzzReport {
  const report: FuzzReport = { calls: 0, threw: 0 };
  const guard = (f: () => void) => {
    report.calls++;
    try {
      f();
    } catch (e) {
      report.threw++;
      report.firstError ??= String(e instanceof Error ? e.stack : e);
    }
  };
  for (const seed of seeds) {
    // Stryker disable next-line StringLiteral: any name gives an independent stream, and no caller depends on which
    const rng = Rng.fromSeed(seed).split('fuzz');
    const env = spec.create();
    guard(() => env.reset({ seed }));
    let over = false;
    for (let k = 0; k < steps; k++) {
      if (over) {
        guard(() => env.reset({ seed: seed + k }));
        over = false;
      }
      let valid: string | undefined;
      try {
        valid = spec.expert(env);
      } catch {
        // no expert action from this state: a random one
      }
      const action = valid !== undefined && rng.chance(0.3) ? valid : randomAction(rng, valid);
      guard(() => {
        const r = env.step(action);
        void r.obs.text;
        over = r.terminated || r.truncated;
      });
    }
  }
  return report;
}

export interface BenchResult {
  /** What a trainer pays per step: reset, step and the observation text at every step, per step() call. */
  trainerStepsPerSecond: number;
  /** step() alone on clones of a reset environment (no reset, no clone and no text timed). */
  rawStepsPerSecond: number;
  /** Mean steps per recorded expert episode. */
  stepsPerEpisode: number;
}

/** The median of a non-empty list. */
function median(xs: number[]): number {
  // Stryker disable next-line MethodExpression: sorting the caller's list in place is the same, as rate() reads it no more
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Milliseconds of CPU time this process has used (Node), or wall-clock time where there is no such count: on a
 * machine shared with other jobs, CPU time measures the work rather than the waiting. */
function cpuMs(): number {
  const usage = (globalThis as { process?: { cpuUsage?: () => { user: number; system: number } } }).process?.cpuUsage?.();
  return usage ? (usage.user + usage.system) / 1000 : performance.now();
}

/** Steps per CPU second of `run` (a batch that returns its step count) over `windows` wall-clock windows of
 * `seconds`, after a warm-up half a window long: the median window's rate. `prepare` runs untimed before each batch. */
function rate<T>(seconds: number, windows: number, prepare: () => T, run: (prepared: T) => number): number {
  const rates: number[] = [];
  for (let w = -1; w < windows; w++) {
    let steps = 0;
    let ms = 0;
    const deadline = performance.now() + seconds * 1000 * (w < 0 ? 0.5 : 1);
    while (performance.now() < deadline) {
      const prepared = prepare();
      const t0 = cpuMs();
      steps += run(prepared);
      ms += cpuMs() - t0;
    }
    if (w >= 0) rates.push(steps / (ms / 1000));
  }
  return median(rates);
}

/**
 * Steps per CPU second on one core, timed two ways over recorded expert episodes of train seeds 0-63: the trainer's
 * path (reset, every step, obs.text after reset and after each step) and step() alone on clones made untimed.
 */
export function bench(spec: EnvSpec, seconds = 2, windows = 3): BenchResult {
  const episodes: { seed: number; start: Env; actions: string[] }[] = [];
  for (let seed = 0; seed < 64; seed++) {
    const start = spec.create();
    start.reset({ seed });
    episodes.push({ seed, start, actions: expertRollout(spec, seed).actions });
  }
  const env = spec.create();
  let chars = 0; // a sink for the texts' lengths: each text is built and read, as a trainer reads it
  const trainerStepsPerSecond = rate(seconds, windows, () => episodes, (eps) => {
    let steps = 0;
    for (const ep of eps) {
      // Stryker disable next-line AssignmentOperator: a sink, read by nothing; only the texts being built counts
      chars += env.reset({ seed: ep.seed }).obs.text.length;
      // Stryker disable next-line AssignmentOperator: the same sink
      for (const a of ep.actions) chars += env.step(a).obs.text.length;
      steps += ep.actions.length;
    }
    return steps;
  });
  const rawStepsPerSecond = rate(seconds, windows, () => episodes.map((ep) => ({ env: ep.start.clone(), actions: ep.actions })), (clones) => {
    let steps = 0;
    for (const c of clones) {
      for (const a of c.actions) c.env.step(a);
      steps += c.actions.length;
    }
    return steps;
  });
  return { trainerStepsPerSecond, rawStepsPerSecond, stepsPerEpisode: episodes.reduce((n, x) => n + x.actions.length, 0) / episodes.length };
}
