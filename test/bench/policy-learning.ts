// The policy's learning bench (issue 15 targets, until the learning bench of src/rl lands): for each seed, BC then
// GRPO updates on the train split, with greedy success on a fixed set of test-split tasks measured after BC and every
// few updates. Wall time counts training only (BC included), not the evaluations.
//   npx tsx --import ./scripts/register-raw.mjs test/bench/policy-learning.ts --preset first-steps --seeds 1,2,3
//     [--budget 180] [--every 5] [--eval 200] [--KEY VALUE ...config overrides]
import { Rng } from '../../src/core/rng';
import { formatErrors, parseFieldText, validateConfig } from '../../src/core/config';
import { propOf, type Config } from '../../src/core/config-table';
import type { EnvSpec } from '../../src/envs/api';
import type { Split } from '../../src/envs/split';
import type { Policy } from '../../src/model/policy-api';
import { getPreset } from '../../src/rl/presets';
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
    const parts = await buildParts(c);
    let wall = 0;
    let t0 = performance.now();
    const trainer = await Trainer.create(c, parts);
    wall += performance.now() - t0;
    const curve: string[] = [`bc ${(wall / 1000).toFixed(1)}s ${(await evaluate(parts.policy, parts.io, parts.spec, c, a.tasks)).toFixed(3)}`];
    let reached = '';
    for (let u = 1; u <= c.updates && wall / 1000 < a.budget; u++) {
      t0 = performance.now();
      const { metrics } = await trainer.step();
      wall += performance.now() - t0;
      if (u % a.every === 0 || u === c.updates) {
        const s = await evaluate(parts.policy, parts.io, parts.spec, c, a.tasks);
        curve.push(`u${u} ${(wall / 1000).toFixed(1)}s train ${metrics['episode/success'].toFixed(2)} eval ${s.toFixed(3)}`);
        if (!reached && s >= 0.9) reached = `reached 0.9 at update ${u}, ${(wall / 1000).toFixed(1)} s`;
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
