// A generalist's task: several web families behind one env spec. Each task instance is one family, picked by a hash
// of its seed, played at the mixture's level (each family's own level table); the action language is the union
// of theirs, the expert the family's. config.families turns it on; src/rl/setup.ts builds the trainer on it.

import type { Config } from '../core/config-table';
import { mix32 } from '../core/rng';
import type { ActionSignature, Env, EnvOptions, EnvSpec, ResetArgs, ResetResult, StepResult } from '../envs/api';
import { maxLevel } from '../envs/levels';
import { resolveOptions } from '../envs/options';
import { getEnvSpec } from '../envs/registry';
import { envOptionsFor } from './rollout';

const MIX_SALT = 0x6d1c5;

/** Which of `n` families a task seed plays. */
export function familyIndex(seed: number, n: number): number {
  return mix32((seed ^ MIX_SALT) >>> 0) % n;
}

class MixedEnv implements Env {
  readonly id = 'mix';
  family = 0;
  inner: Env;

  constructor(private readonly spec: EnvSpec, readonly families: readonly EnvSpec[]) {
    this.inner = families[0].create();
  }

  get goal(): string {
    return this.inner.goal;
  }

  get maxTurns(): number {
    return this.inner.maxTurns;
  }

  reset(args: ResetArgs): ResetResult {
    const { level } = resolveOptions(this.spec.id, this.spec.options, args.options);
    this.family = familyIndex(args.seed, this.families.length);
    const spec = this.families[this.family];
    this.inner = spec.create();
    return this.inner.reset({ seed: args.seed, split: args.split, options: envOptionsFor(spec, level as number) });
  }

  step(action: string): StepResult {
    return this.inner.step(action);
  }

  clone(): Env {
    const c = new MixedEnv(this.spec, this.families);
    c.family = this.family;
    c.inner = this.inner.clone();
    return c;
  }
}

/** The families' action signatures, each once. */
function unionActions(families: readonly EnvSpec[]): ActionSignature[] {
  const seen = new Map<string, ActionSignature>();
  // Stryker disable next-line StringLiteral: the argument kinds (id, text, int, dir) are told apart without a separator too
  for (const s of families) for (const a of s.actions) seen.set(`${a.verb}(${a.args.join(',')})`, a);
  return [...seen.values()];
}

/** An env spec that mixes families. */
export type MixtureSpec = EnvSpec & { families: readonly EnvSpec[] };

export function isMixture(spec: EnvSpec): spec is MixtureSpec {
  return Array.isArray((spec as Partial<MixtureSpec>).families);
}

/** A mixture of web families as one spec (its levels: level k of each family). */
export function mixtureSpec(families: readonly EnvSpec[]): MixtureSpec {
  if (families.length < 2) throw new Error(`families: a mixture needs at least two families, got ${families.length}`);
  const game = families.find((s) => s.suite !== 'web');
  if (game) throw new Error(`families: '${game.id}' is a game; a generalist mixes web families`);
  const top = Math.max(...families.map(maxLevel));
  const levels: EnvOptions[] = Array.from({ length: top + 1 }, (_, level) => ({ level }));
  const spec: MixtureSpec = {
    id: `mix(${families.map((s) => s.id).join(',')})`,
    suite: 'web',
    family: 'mix',
    description: `One task of ${families.length} web families per episode: ${families.map((s) => s.id).join(', ')}.`,
    maxTurns: Math.max(...families.map((s) => s.maxTurns)),
    options: [{ name: 'level', doc: "Each family's level (past its last: its last).", kind: 'int', default: 0, min: 0, max: top }],
    levels,
    ...(families.some((s) => s.freeText) ? { freeText: true } : {}),
    actions: unionActions(families),
    create: () => new MixedEnv(spec, families),
    expert: (env) => {
      const m = env as MixedEnv;
      return families[m.family].expert(m.inner);
    },
    families,
  };
  return spec;
}

const mixtures = new Map<string, MixtureSpec>();

/** The spec a run trains on: config.families' mixture (one object per set, so its vocabulary is played once), else env. */
export function runSpec(c: Pick<Config, 'env' | 'families'>): EnvSpec {
  if (c.families.length === 0) return getEnvSpec(c.env);
  // Stryker disable next-line StringLiteral: registered env ids joined without a separator are told apart too (no id starts with '-')
  const key = c.families.join(',');
  let spec = mixtures.get(key);
  if (!spec) mixtures.set(key, (spec = mixtureSpec(c.families.map(getEnvSpec))));
  return spec;
}
