// Validation of experiment configs, derived from the config table with valibot: per-field schemas,
// text parsing for links and CLI flags, and the cross-field bounds that keep a run within what a page holds.
import * as v from 'valibot';
import {
  CONFIG_TABLE,
  DEFAULT_CONFIG,
  MAX_EPISODES_PER_UPDATE,
  propOf,
  type Config,
  type ConfigKey,
  type Prop,
} from './config-table';

/** One rejected field: which, the value given, and what is allowed. */
export interface FieldError {
  key: string;
  value: string;
  message: string;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: FieldError[] };

/** What a property allows, in words: "an integer from 2 to 64", "one of: grpo, bnpo". */
export function describeAllowed(prop: Prop): string {
  switch (prop.type) {
    case 'int':
      return `an integer from ${prop.min} to ${prop.max}`;
    case 'float':
      return `a number from ${prop.min} to ${prop.max}`;
    case 'bool':
      return 'true or false';
    case 'enum':
      return `one of: ${prop.values.join(', ')}`;
    case 'set':
      return `a comma-separated list of: ${prop.values.join(', ')} (or empty)`;
  }
}

function schemaOf(prop: Prop): v.GenericSchema {
  const allowed = describeAllowed(prop);
  switch (prop.type) {
    case 'int':
      return v.pipe(v.number(allowed), v.integer(allowed), v.minValue(prop.min, allowed), v.maxValue(prop.max, allowed));
    case 'float':
      return v.pipe(v.number(allowed), v.finite(allowed), v.minValue(prop.min, allowed), v.maxValue(prop.max, allowed));
    case 'bool':
      return v.boolean(allowed);
    case 'enum':
      return v.picklist(prop.values, allowed);
    case 'set':
      return v.pipe(
        v.array(v.picklist(prop.values, allowed), allowed),
        v.check((xs) => new Set(xs).size === xs.length, `${allowed}, each at most once`),
      );
  }
}

const FIELD_SCHEMAS = new Map<string, v.GenericSchema>(CONFIG_TABLE.map((p) => [p.key, schemaOf(p)]));

/** The valibot schema of one property, as the table declares it (the env server validates requests with them). */
export function fieldSchema(key: ConfigKey): v.GenericSchema {
  return FIELD_SCHEMAS.get(key)!;
}

/** Checks one typed value against its property. Returns an error message or null. */
export function checkField(key: string, value: unknown): string | null {
  const schema = FIELD_SCHEMAS.get(key);
  if (!schema) return `unknown setting '${key}'`;
  const result = v.safeParse(schema, value);
  return result.success ? null : `must be ${describeAllowed(propOf(key)!)}`;
}

/** A value under its current name: an enum value given by a former name (see EnumProp.aliases) is renamed. */
export function currentValue(prop: Prop | undefined, value: unknown): unknown {
  if (prop?.type !== 'enum' || typeof value !== 'string' || !prop.aliases || !Object.hasOwn(prop.aliases, value)) return value;
  return prop.aliases[value];
}

/** Turns the text form of a value (from a link or a CLI flag) into its typed value, or an error message. */
export function parseFieldText(prop: Prop, text: string): { value: unknown } | { error: string } {
  const must = `must be ${describeAllowed(prop)}`;
  switch (prop.type) {
    case 'int':
    case 'float': {
      // Plain decimal or exponent notation only: no hex, no whitespace, no 'Infinity'.
      if (!/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return { error: must };
      return { value: Number(text) };
    }
    case 'bool':
      if (text === 'true' || text === '1') return { value: true };
      if (text === 'false' || text === '0') return { value: false };
      return { error: must };
    case 'enum':
      return { value: currentValue(prop, text) };
    case 'set':
      return { value: text === '' ? [] : text.split(',') };
  }
}

/** A value typed into the page, as a link or a flag would give it: parsed, then checked against its property. */
export function parseFieldInput(prop: Prop, text: string): { value: unknown } | { error: string } {
  const parsed = parseFieldText(prop, text.trim());
  if ('error' in parsed) return parsed;
  const error = checkField(prop.key, parsed.value);
  return error ? { error } : parsed;
}

/** The text form of a value, inverse of parseFieldText for valid values. */
export function formatFieldText(prop: Prop, value: unknown): string {
  // Stryker disable next-line ConditionalExpression: String(array) joins with ',' too; the join says what is meant
  if (prop.type === 'set') return (value as readonly string[]).join(',');
  return String(value);
}

/** Bounds that involve several fields. */
function crossFieldErrors(c: Config): FieldError[] {
  const errors: FieldError[] = [];
  const episodes = c.group * c.tasks;
  if (episodes > MAX_EPISODES_PER_UPDATE) {
    errors.push({
      key: 'tasks',
      value: String(c.tasks),
      message: `group x tasks = ${episodes} episodes per update; at most ${MAX_EPISODES_PER_UPDATE} are allowed`,
    });
  }
  if (c.families.length === 1) {
    errors.push({ key: 'families', value: c.families[0], message: 'a mixture needs at least two families (or none: env alone)' });
  }
  if (c.families.length > 0 && (c.workflow !== 'single' || c.skills)) {
    errors.push({ key: 'families', value: c.families.join(','), message: 'a mixture of families trains a single agent without skills (workflow = single, skills = false)' });
  }
  if ((c.adv === 'step-bonus' || c.adv === 'turn-gain') && c.workflow !== 'single') {
    errors.push({ key: 'adv', value: c.adv, message: `${c.adv} reads each turn's progress, which only a single agent's rollout records (workflow = single)` });
  }
  if (c.skipRefused && (!c.grammar || c.workflow !== 'single')) {
    errors.push({ key: 'skipRefused', value: 'true', message: "skipRefused narrows the action grammar of a single agent's rollout: it needs grammar = true and workflow = single" });
  }
  if (c.fitArgs && (!c.grammar || c.workflow !== 'single')) {
    errors.push({ key: 'fitArgs', value: 'true', message: "fitArgs narrows the action grammar of a single agent's rollout: it needs grammar = true and workflow = single" });
  }
  if (c.curriculum && c.curriculumDown >= c.curriculumUp) {
    errors.push({ key: 'curriculumDown', value: String(c.curriculumDown), message: `must be below curriculumUp (${c.curriculumUp}), or the curriculum would move both ways at once` });
  }
  if (c.model === 'base' && c.backend === 'cpu') {
    errors.push({ key: 'model', value: 'base', message: "the 'base' model needs WebGPU; use tiny or small on the CPU backend" });
  }
  if (c.workflow !== 'single' && c.leadModel === 'base' && c.backend === 'cpu') {
    errors.push({ key: 'leadModel', value: 'base', message: "the 'base' model needs WebGPU; use tiny or small on the CPU backend" });
  }
  return errors;
}

/**
 * Validates a partial config: missing keys take their defaults, unknown keys are errors.
 * Every field is checked, so all problems are reported at once.
 */
export function validateConfig(input: Readonly<Record<string, unknown>>): ConfigResult {
  const errors: FieldError[] = [];
  const merged: Record<string, unknown> = { ...DEFAULT_CONFIG };
  for (const [key, given] of Object.entries(input)) {
    const value = currentValue(propOf(key), given);
    const message = checkField(key, value);
    if (message) errors.push({ key, value: previewValue(value), message });
    else merged[key] = Array.isArray(value) ? [...value] : value;
  }
  if (errors.length > 0) return { ok: false, errors };
  const config = merged as Config;
  const cross = crossFieldErrors(config);
  return cross.length > 0 ? { ok: false, errors: cross } : { ok: true, config };
}

/** A short, printable form of any value for error messages. */
export function previewValue(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** One line per error, for messages in the page and the CLI. */
export function formatErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => `${e.key}='${e.value}': ${e.message}`).join('\n');
}
