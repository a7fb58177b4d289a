// A/B bench of the environments' trainer path (reset, step, obs.text at every step, as `npm run envs -- bench`
// times it) between a git revision's src/ (A) and the working tree's (B), interleaved in one process so that a
// loaded machine weighs on both alike: `npx tsx scripts/envs-ab.ts REF [--rounds N] [--seconds S] [FAMILY ...]`.
// Prints each side's median rate in steps per CPU second and the median of the rounds' ratios B/A.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EnvSpec } from '../src/envs/api';
import { ENV_SPECS } from '../src/envs/registry';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(args.splice(i, 2)[1]);
  if (!(v > 0)) throw new Error(`${name} takes a positive number`);
  return v;
};
const rounds = flag('--rounds', 5);
const seconds = flag('--seconds', 0.5);
const [ref, ...families] = args;
if (!ref) throw new Error('usage: npx tsx scripts/envs-ab.ts REF [--rounds N] [--seconds S] [FAMILY ...]');

// A's sources go under node_modules/.cache so that their bare imports resolve to this tree's node_modules.
const root = resolve(import.meta.dirname, '..');
const sha = execFileSync('git', ['rev-parse', ref], { cwd: root, encoding: 'utf8' }).trim();
const dir = join(root, 'node_modules', '.cache', 'envs-ab', sha);
if (!existsSync(join(dir, 'src'))) {
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${sha} src | tar -x -C '${dir}'`], { cwd: root });
}
const old: { ENV_SPECS: readonly EnvSpec[] } = await import(join(dir, 'src', 'envs', 'registry.ts'));

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** A side under test: the family's spec and its recorded expert episodes (seeds 0-63, as the bench uses). */
function side(spec: EnvSpec) {
  const episodes = Array.from({ length: 64 }, (_, seed) => {
    const env = spec.create();
    env.reset({ seed });
    const actions: string[] = [];
    for (let t = 0; t < env.maxTurns; t++) {
      const a = spec.expert(env);
      actions.push(a);
      const r = env.step(a);
      if (r.terminated || r.truncated) break;
    }
    return { seed, actions };
  });
  const env = spec.create();
  let chars = 0;
  /** Steps per CPU second over one wall-clock window. */
  return (windowSeconds: number): number => {
    let steps = 0;
    let ms = 0;
    const deadline = performance.now() + windowSeconds * 1000;
    while (performance.now() < deadline) {
      const t0 = cpuMs();
      for (const ep of episodes) {
        chars += env.reset({ seed: ep.seed }).obs.text.length;
        for (const a of ep.actions) chars += env.step(a).obs.text.length;
        steps += ep.actions.length;
      }
      ms += cpuMs() - t0;
    }
    if (chars < 0) throw new Error('unreachable');
    return steps / (ms / 1000);
  };
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
const fmt = (x: number) => Math.round(x).toLocaleString('en-US').padStart(11);
console.log(`A = ${ref} (${sha.slice(0, 8)}), B = working tree; trainer path, steps per CPU second, median of ${rounds} interleaved ${seconds} s windows (A B, B A, ...)`);
console.log(`${'env'.padEnd(24)}${'A'.padStart(11)}${'B'.padStart(11)}    B/A`);
for (const b of ENV_SPECS) {
  if (families.length ? !families.includes(b.id) : b.suite !== 'web') continue;
  const a = old.ENV_SPECS.find((s) => s.id === b.id);
  if (!a) continue;
  const runA = side(a);
  const runB = side(b);
  runA(seconds / 2);
  runB(seconds / 2);
  const ra: number[] = [];
  const rb: number[] = [];
  // A B, then B A: the side that runs second also pays for collecting the first side's garbage.
  for (let k = 0; k < rounds; k++) {
    if (k % 2 === 0) {
      ra.push(runA(seconds));
      rb.push(runB(seconds));
    } else {
      rb.push(runB(seconds));
      ra.push(runA(seconds));
    }
  }
  const ratios = ra.map((x, k) => rb[k] / x);
  console.log(`${b.id.padEnd(24)}${fmt(median(ra))}${fmt(median(rb))}   ${median(ratios).toFixed(2)}`);
}
