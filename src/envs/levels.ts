// Difficulty levels: each family's table of full option sets, level 0 the easiest. A level names every option, so
// a level means the same task whatever the defaults become; the trainer's `difficulty` (and its curriculum) index it.

import type { EnvOptions, EnvSpec, OptionSpec } from './api';

/**
 * A table of levels from per-level changes: each row is the previous level with its changes applied, and row 0
 * starts from the options' defaults. Throws on an option the family does not have.
 */
export function levelTable(options: readonly OptionSpec[], rows: readonly EnvOptions[]): EnvOptions[] {
  const known = new Set(options.map((o) => o.name));
  let current: Record<string, number | string | boolean> = Object.fromEntries(options.map((o) => [o.name, o.default]));
  return rows.map((row, level) => {
    for (const name of Object.keys(row)) if (!known.has(name)) throw new Error(`level ${level}: unknown option '${name}'`);
    current = { ...current, ...row };
    return Object.freeze({ ...current });
  });
}

/** The highest level of a family (0 when it has no table). */
export function maxLevel(spec: EnvSpec): number {
  return Math.max(0, (spec.levels?.length ?? 1) - 1);
}

/** The options of a level: the family's table row, clamped to 0..N; the defaults ({}) when it has no table. */
export function levelOptions(spec: EnvSpec, level: number): EnvOptions {
  const levels = spec.levels;
  if (!levels || levels.length === 0) return {};
  const k = Math.min(levels.length - 1, Math.max(0, Math.floor(level)));
  return levels[k];
}

/** The level whose options equal the family's defaults, or -1 when none does. */
export function defaultLevel(spec: EnvSpec): number {
  const levels = spec.levels ?? [];
  return levels.findIndex((l) => spec.options.every((o) => l[o.name] === o.default) && Object.keys(l).length === spec.options.length);
}
