// Drivers over any registered environment: expert rollouts, fuzzing with random and malformed actions, and a
// steps-per-second benchmark. Shared by the CLI (cli/envs.ts) and the conformance tests.

import type { EnvOptions, EnvSpec } from './api';
import { Rng } from '../core/rng';

export interface Rollout {
  success: boolean;
  turns: number;
  actions: string[];
  texts: string[];
  rewards: number[];
}

/** Runs the scripted expert from reset(seed) until the episode ends. */
export function expertRollout(spec: EnvSpec, seed: number, options?: EnvOptions): Rollout {
  const env = spec.create();
  const first = env.reset({ seed, options });
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

const VERBS = ['click', 'fill', 'select', 'check', 'back', 'answer', 'play', 'end', 'move', 'clik', '', 'eval'];
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
        valid = undefined;
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

/** Steps per second of step() alone with a cheap valid policy: recorded expert episodes replayed on clones of a
 * reset environment (reset and clone are not timed). */
export function bench(spec: EnvSpec, seconds: number): number {
  const episodes = [];
  for (let seed = 0; seed < 16; seed++) {
    const start = spec.create();
    start.reset({ seed });
    episodes.push({ start, actions: expertRollout(spec, seed).actions });
  }
  let steps = 0;
  let busy = 0;
  const deadline = performance.now() + seconds * 1000;
  for (let e = 0; performance.now() < deadline; e++) {
    const ep = episodes[e % episodes.length];
    for (let rep = 0; rep < 8; rep++) {
      const env = ep.start.clone();
      const t0 = performance.now();
      for (const a of ep.actions) env.step(a);
      busy += performance.now() - t0;
      steps += ep.actions.length;
    }
  }
  return steps / (busy / 1000);
}
