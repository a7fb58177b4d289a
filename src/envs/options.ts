// Difficulty options: defaults filled in from an OptionSpec table and given values validated against it.

import type { EnvOptions, OptionSpec } from './api';

export type ResolvedOptions = Record<string, number | string | boolean>;

/** Fills defaults and checks every given option; throws an Error naming the bad option. */
export function resolveOptions(envId: string, specs: readonly OptionSpec[], given: EnvOptions | undefined): ResolvedOptions {
  const out: ResolvedOptions = {};
  for (const s of specs) out[s.name] = s.default;
  if (!given) return out;
  for (const [name, value] of Object.entries(given)) {
    const s = specs.find((x) => x.name === name);
    if (!s) {
      const known = specs.map((x) => x.name).join(', ') || 'none';
      throw new Error(`${envId}: unknown option '${name}' (options: ${known})`);
    }
    if (s.kind === 'int') {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`${envId}: option '${name}' must be an integer`);
      if ((s.min !== undefined && value < s.min) || (s.max !== undefined && value > s.max)) {
        throw new Error(`${envId}: option '${name}' must be in ${s.min}..${s.max}, got ${value}`);
      }
    } else if (s.kind === 'bool') {
      if (typeof value !== 'boolean') throw new Error(`${envId}: option '${name}' must be true or false`);
    } else if (typeof value !== 'string' || !s.values?.includes(value)) {
      throw new Error(`${envId}: option '${name}' must be one of ${(s.values ?? []).join(', ')}`);
    }
    out[name] = value;
  }
  return out;
}

/** An integer option with bounds. */
export function intOption(name: string, doc: string, def: number, min: number, max: number): OptionSpec {
  return { name, doc, kind: 'int', default: def, min, max };
}
