// The policy's learning bench (issue 15 targets, until the learning bench of src/rl lands): for each seed, BC then
// GRPO updates on the train split, with greedy success on a fixed set of test-split tasks measured after BC and every
// few updates. Times count training only (BC included), not the evaluations: wall seconds, and this process's CPU
// seconds (what one idle core would take, when a loaded machine stretches the wall time).
//   npx tsx --import ./scripts/register-raw.mjs test/bench/policy-learning.ts --preset first-steps --seeds 1,2,3
//     [--budget CPU_SECONDS] [--every 5] [--eval 200] [--KEY VALUE ...config overrides]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Rng } from '../../src/core/rng';
import { formatErrors, parseFieldText, validateConfig } from '../../src/core/config';
import { propOf, type Config } from '../../src/core/config-table';
import type { EnvSpec } from '../../src/envs/api';
import type { Split } from '../../src/envs/split';
import type { Policy } from '../../src/model/policy-api';
import { getPreset } from '../../src/rl/presets';
import { basePath, decodeBase } from '../../src/rl/pretrain';
import { envOptionsFor, maxTurnsOf, rollout, type AgentIO } from '../../src/rl/rollout';
import { buildParts } from '../../src/rl/setup';
import { Trainer } from '../../src/rl/trainer';

/** The spec with every reset drawn from `split`. */
function onSplit(spec: EnvSpec, split: Split): EnvSpec {
  return {
    ...spec,
    create: () => {
      const env = spec.create();
      const reset = env.reset.bind(env);
      return Object.assign(env, { reset: (a: Parameters<typeof reset>[0]) => reset({ ...a, split }) });
    },
  };
}

/** Greedy success on `tasks` test-split task seeds (fixed: 10000..). */
async function evaluate(policy: Policy, io: AgentIO, spec: EnvSpec, c: Config, tasks: number): Promise<number> {
  const seeds = Array.from({ length: tasks }, (_, i) => 10_000 + i);
  const test = onSplit(spec, 'test');
  const o = { spec: test, envOptions: envOptionsFor(spec, c.difficulty), maxTurns: maxTurnsOf(spec, c), temperature: 1, topP: 0, grammar: c.grammar, rng: Rng.fromSeed(0) };
  let wins = 0;
  for (let i = 0; i < seeds.length; i += 50) {
    const { episodes } = await rollout(policy, io, seeds.slice(i, i + 50), 1, o);
    wins += episodes.filter((e) => e.success).length;
  }
  return wins / tasks;
}

function parseArgs(argv: string[]) {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) flags.set(argv[i].replace(/^--/, ''), argv[i + 1]);
  const take = (k: string, d: string) => {
    const v = flags.get(k) ?? d;
    flags.delete(k);
    return v;
  };
  const preset = getPreset(take('preset', 'first-steps'));
  if (!preset) throw new Error('unknown preset');
  const seeds = take('seeds', '1,2,3').split(',').map(Number);
  const budget = Number(take('budget', '180'));
  const every = Number(take('every', '5'));
  const tasks = Number(take('eval', '200'));
  const over: Record<string, unknown> = {};
  for (const [k, text] of flags) {
    const prop = propOf(k);
    if (!prop) throw new Error(`unknown flag --${k}`);
    const v = parseFieldText(prop, text);
    if ('error' in v) throw new Error(`--${k}: ${v.error}`);
    over[k] = v.value;
  }
  return { preset, seeds, budget, every, tasks, over };
}

async function main(): Promise<void> {
  const a = parseArgs(process.argv.slice(2));
  for (const seed of a.seeds) {
    const r = validateConfig({ ...a.preset.config, backend: 'cpu', ...a.over, seed });
    if (!r.ok) throw new Error(formatErrors(r.errors));
    const c = r.config;
    const base = c.init === 'base' ? decodeBase(new Uint8Array(readFileSync(resolve('public', basePath(c.model))))) : undefined;
    const parts = await buildParts(c, { base });
    const spent = { wall: 0, cpu: 0 };
    const timed = async <R>(f: () => Promise<R>): Promise<R> => {
      const [w0, c0] = [performance.now(), process.cpuUsage()];
      const out = await f();
      const c1 = process.cpuUsage(c0);
      spent.wall += (performance.now() - w0) / 1000;
      spent.cpu += (c1.user + c1.system) / 1e6;
      return out;
    };
    const times = () => `${spent.wall.toFixed(1)}s wall ${spent.cpu.toFixed(1)}s cpu`;
    const trainer = await timed(() => Trainer.create(c, parts));
    const curve: string[] = [`bc ${times()} eval ${(await evaluate(parts.policy, parts.io, parts.spec, c, a.tasks)).toFixed(3)}`];
    let reached = '';
    for (let u = 1; u <= c.updates && spent.cpu < a.budget; u++) {
      const { metrics } = await timed(() => trainer.step());
      if (u % a.every === 0 || u === c.updates) {
        const s = await evaluate(parts.policy, parts.io, parts.spec, c, a.tasks);
        curve.push(`u${u} ${times()} train ${metrics['episode/success'].toFixed(2)} eval ${s.toFixed(3)}`);
        if (!reached && s >= 0.9) reached = `reached 0.9 at update ${u}, ${times()}`;
      }
    }
    trainer.dispose();
    console.log(`seed ${seed} (${c.env}, bcSteps ${c.bcSteps}, match ${c.match}): ${reached || 'never reached 0.9'}\n  ${curve.join('\n  ')}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
