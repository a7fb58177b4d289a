// Hand-written argv parsing shared by the small CLIs (Node): --name value / --name=value flags checked against a
// list, seed ranges, positive numbers. Every problem is a UsageError naming the flag (the CLIs exit 2 on it).

import { ENV_IDS } from '../src/envs/registry';

export class UsageError extends Error {}

/** An environment id, or a UsageError listing the known ones. */
export function parseEnv(value: string): string {
  if (!ENV_IDS.includes(value)) throw new UsageError(`--env: unknown environment '${value}' (known: ${ENV_IDS.join(', ')})`);
  return value;
}

/** parse(), or null after writing `cli: message` and the usage to stderr (the caller then exits 2). */
export function parseOrExplain<T>(cli: string, usage: string, parse: () => T): T | null {
  try {
    return parse();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`${cli}: ${e.message}\n${usage}\n`);
    return null;
  }
}

/** Flags by name (with their dashes); `switches` take no value and read 'true'. */
export function readFlags(argv: readonly string[], valued: readonly string[], switches: readonly string[] = []): Map<string, string> {
  const flags = new Map<string, string>();
  const known = [...valued, ...switches];
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].startsWith('--') && argv[i].includes('=') ? argv[i].split(/=(.*)/s, 2) : [argv[i], undefined];
    if (!known.includes(name)) throw new UsageError(`unknown flag '${name}' (flags: ${known.join(', ')})`);
    if (flags.has(name)) throw new UsageError(`${name} is given more than once`);
    if (switches.includes(name)) {
      if (inline !== undefined) throw new UsageError(`${name} takes no value`);
      flags.set(name, 'true');
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${name}: missing value`);
    flags.set(name, value);
  }
  return flags;
}

/** The flag's value, or a UsageError saying it is required. */
export function required(flags: ReadonlyMap<string, string>, name: string): string {
  const v = flags.get(name);
  if (v === undefined) throw new UsageError(`${name} is required`);
  return v;
}

export function parseSeeds(text: string): number[] {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text);
  if (!m) throw new UsageError(`--seeds: expected A-B or A (non-negative integers), got '${text}'`);
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (b < a) throw new UsageError(`--seeds: the range ${text} is empty`);
  if (b - a >= 1_000_000) throw new UsageError(`--seeds: at most 1000000 seeds`);
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/** One env option `name=value` into `into`: true/false and integers typed, anything else a string. */
export function parseEnvOption(flag: string, text: string, into: Record<string, number | string | boolean>): void {
  const m = /^([A-Za-z][\w-]*)=(.*)$/.exec(text);
  if (!m) throw new UsageError(`${flag}: expected name=value, got '${text}'`);
  const raw = m[2];
  into[m[1]] = raw === 'true' ? true : raw === 'false' ? false : /^-?\d+$/.test(raw) ? Number(raw) : raw;
}

export function parsePositive(flag: string, text: string | undefined, integer: boolean): number {
  const v = Number(text);
  if (text === undefined || text === '' || !Number.isFinite(v) || v <= 0 || (integer && !Number.isInteger(v))) {
    throw new UsageError(`${flag}: expected a positive ${integer ? 'integer' : 'number'}, got '${text ?? ''}'`);
  }
  return v;
}
