// An episode of a web family driven by role and name instead of ids, for the family tests.

import type { EnvOptions, StepResult } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import type { Split } from '../../src/envs/split';

export function episode(id: string, seed = 0, options?: EnvOptions, split?: Split) {
  const spec = getEnvSpec(id);
  const env = spec.create();
  let last: StepResult | { obs: StepResult['obs'] } = env.reset({ seed, options, split });
  const all = (role: string, name?: string | RegExp) =>
    last.obs.elements.filter((x) => x.role === role && (name === undefined || (typeof name === 'string' ? x.name === name : name.test(x.name))));
  const find = (role: string, name?: string | RegExp) => {
    const e = all(role, name)[0];
    if (!e) throw new Error(`no ${role} ${name} in\n${last.obs.text}`);
    return e;
  };
  const step = (action: string) => (last = env.step(action));
  return { env, spec, find, all, step, obs: () => last.obs, expert: () => step(spec.expert(env)) };
}

/** The first double-quoted text of a goal. */
export const quoted = (goal: string): string => /"([^"]*)"/.exec(goal)?.[1] ?? '';
