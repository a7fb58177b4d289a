// The config key table itself (issue 21's mutation pass): each key's name, kind, group, bounds, default and doc,
// pinned by rules the table keeps (defaults in bounds, an enum's default its first value, docs one sentence) and by
// hand where a rule cannot say it (which switches are on, which keys are whole numbers); then DEFAULT_CONFIG and propOf.
import { describe, expect, it } from 'vitest';
import {
  CONFIG_TABLE,
  DEFAULT_CONFIG,
  ENV_IDS,
  HIDEABLE,
  MAX_EPISODES_PER_UPDATE,
  SKILL_SELECTS,
  propOf,
  type EnumProp,
  type Prop,
  type SetProp,
} from '../../src/core/config-table';

const table = CONFIG_TABLE as readonly Prop[];
const keysOf = (type: Prop['type']) => table.filter((p) => p.type === type).map((p) => p.key);
const numeric = table.filter((p) => p.type === 'int' || p.type === 'float');
const choices = table.filter((p): p is EnumProp | SetProp => p.type === 'enum' || p.type === 'set');

describe('the lists the table draws its values from', () => {
  it('ENV_IDS: 38 distinct kebab-case ids, click-button first', () => {
    expect(ENV_IDS.length).toBe(38);
    expect(new Set(ENV_IDS).size).toBe(38);
    for (const id of ENV_IDS) expect(id).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
    expect(ENV_IDS[0]).toBe('click-button');
    expect(ENV_IDS.slice(-3)).toEqual(['book-flight-full', 'forum', 'long-page']);
  });

  it('SKILL_SELECTS and HIDEABLE, by hand', () => {
    expect(SKILL_SELECTS).toEqual(['bottom-up', 'uct-argmax']);
    expect(HIDEABLE).toEqual(['presets', 'config', 'controls', 'charts', 'watch', 'inspector', 'runs', 'share', 'onnx', 'tabs', 'header']);
  });
});

describe('every key', () => {
  it('65 distinct camelCase keys, environment first and hide last', () => {
    const keys = table.map((p) => p.key);
    expect(keys.length).toBe(65);
    expect(new Set(keys).size).toBe(65);
    for (const k of keys) expect(k).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect([keys[0], keys[keys.length - 1]]).toEqual(['env', 'hide']);
  });

  it('groups in display order, each one run of keys', () => {
    const runs = table.map((p) => p.group).filter((g, i, all) => g !== all[i - 1]);
    expect(runs).toEqual(['environment', 'model', 'grpo', 'team', 'optimizer', 'run', 'view']);
  });

  it('a doc of one or more sentences: not empty, ending in a full stop, no line breaks', () => {
    for (const p of table) {
      expect(p.doc.length, p.key).toBeGreaterThan(10);
      expect(p.doc.endsWith('.'), p.key).toBe(true);
      expect(p.doc, p.key).not.toContain('\n');
    }
  });

  it('kinds: 17 int, 16 float, 12 bool, 18 enum, 2 set', () => {
    expect(['int', 'float', 'bool', 'enum', 'set'].map((t) => keysOf(t as Prop['type']).length)).toEqual([17, 16, 12, 18, 2]);
    expect(keysOf('set')).toEqual(['families', 'hide']);
  });
});

describe('numbers', () => {
  it('an int has whole bounds and default; every default lies in its bounds, min below max', () => {
    for (const p of numeric) {
      if (p.type !== 'int' && p.type !== 'float') continue;
      expect(p.min, p.key).toBeLessThan(p.max);
      expect(p.default, p.key).toBeGreaterThanOrEqual(p.min);
      expect(p.default, p.key).toBeLessThanOrEqual(p.max);
      if (p.type === 'int') for (const n of [p.min, p.default, p.max]) expect(Number.isInteger(n), p.key).toBe(true);
    }
  });

  it('whole-number keys are ints: counts, steps, turns, levels, the seed', () => {
    expect(keysOf('int')).toEqual([
      'difficulty', 'maxTurns', 'curriculumWindow', 'group', 'tasks', 'mu', 'agents', 'rounds', 'maxOthers',
      'bcSteps', 'bcDemos', 'warmup', 'seed', 'updates', 'evalEvery', 'evalTasks', 'checkpointEvery',
    ]);
  });

  it('bounds where a rule needs them: a group of 2 for a std, a temperature and rates above 0, shares at most 1', () => {
    const p = (k: string) => propOf(k) as { min: number; max: number; default: number };
    expect(p('group').min).toBe(2);
    for (const k of ['temperature', 'topP', 'lr', 'bcLr']) expect(p(k).min, k).toBeGreaterThan(0);
    for (const k of ['topP', 'curriculumUp', 'curriculumDown', 'topEntropyQuantile', 'bcNoise', 'bcMistakes', 'clipLow']) {
      expect(p(k).max, k).toBe(1);
    }
    expect(p('seed').max).toBe(2 ** 31 - 1);
    expect(p('curriculumDown').default).toBeLessThan(p('curriculumUp').default);
    expect(MAX_EPISODES_PER_UPDATE).toBe(512);
    expect(p('group').default * p('tasks').default).toBeLessThanOrEqual(MAX_EPISODES_PER_UPDATE);
  });
});

describe('switches and choices', () => {
  it('the switches on by default: the grammar, the pointer head, MARTI\'s two team switches and f16', () => {
    expect(table.filter((p) => p.type === 'bool' && p.default === true).map((p) => p.key)).toEqual([
      'grammar', 'pointer', 'shuffleResponses', 'containSelf', 'f16',
    ]);
    expect(keysOf('bool').length).toBe(12);
  });

  it("an enum's default is its first value; values distinct, lower-case words", () => {
    for (const p of choices) {
      expect(p.values.length, p.key).toBeGreaterThanOrEqual(2);
      expect(new Set(p.values).size, p.key).toBe(p.values.length);
      for (const v of p.values) expect(v, p.key).toMatch(/^[a-z][a-z0-9]*([-_][a-z0-9]+)*$/);
      if (p.type === 'enum') expect(p.default, p.key).toBe(p.values[0]);
    }
  });

  it('env and families choose among ENV_IDS, skillSelect among SKILL_SELECTS, hide among HIDEABLE', () => {
    expect((propOf('env') as EnumProp).values).toBe(ENV_IDS);
    expect((propOf('families') as SetProp).values).toBe(ENV_IDS);
    expect((propOf('skillSelect') as EnumProp).values).toBe(SKILL_SELECTS);
    expect((propOf('hide') as SetProp).values).toBe(HIDEABLE);
  });

  it('sets start empty; only hide, a view option, is lenient', () => {
    for (const p of choices) if (p.type === 'set') expect(p.default, p.key).toEqual([]);
    expect(choices.filter((p) => p.type === 'set' && p.lenient === true).map((p) => p.key)).toEqual(['hide']);
    expect((propOf('families') as SetProp).lenient).toBeUndefined();
  });

  it("only alloc has former names, each naming a current value and none a current value itself", () => {
    const withAliases = choices.filter((p) => p.type === 'enum' && p.aliases !== undefined);
    expect(withAliases.map((p) => p.key)).toEqual(['alloc']);
    const alloc = propOf('alloc') as EnumProp;
    expect(alloc.aliases).toEqual({ quality: 'own', margin: 'gain', conditional: 'own-if-won' });
    for (const [old, now] of Object.entries(alloc.aliases ?? {})) {
      expect(alloc.values).toContain(now);
      expect(alloc.values).not.toContain(old);
    }
  });
});

describe('DEFAULT_CONFIG and propOf', () => {
  it("DEFAULT_CONFIG is each key's default, in table order, frozen", () => {
    expect(Object.entries(DEFAULT_CONFIG)).toEqual(table.map((p) => [p.key, p.default]));
    expect(Object.isFrozen(DEFAULT_CONFIG)).toBe(true);
    expect([DEFAULT_CONFIG.env, DEFAULT_CONFIG.group, DEFAULT_CONFIG.lr, DEFAULT_CONFIG.grammar]).toEqual(['click-button', 8, 0.001, true]);
  });

  it('propOf finds each key\'s own entry, and nothing for an unknown or empty key', () => {
    for (const p of table) expect(propOf(p.key)).toBe(p);
    expect(propOf('nope')).toBeUndefined();
    expect(propOf('')).toBeUndefined();
  });
});
